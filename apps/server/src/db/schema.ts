import type { BookingStatus } from '@portal/contract/bookings';
import type { RequestKindCode } from '@portal/contract/requests';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';

/** Typed view of the tables the migrations create. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
type DateColumn = ColumnType<string, string, string>;
/** int8 and numeric are parsed to numbers by both drivers (see connection.ts): ids and kopecks stay below 2^53. */
type BigIntId = number;
type Numeric = number;
type Json<T> = ColumnType<T, string, string>;

export type RoleRow = 'INVESTOR' | 'LENDER' | 'MANAGER' | 'ADMIN';

export interface UploadsTable {
  id: Generated<BigIntId>;
  storage_key: string;
  owner_user_id: BigIntId | null;
  kind: string;
  mime_type: string;
  size_bytes: number;
  original_name: string | null;
  created_at: Timestamp;
}

export interface ManagersTable {
  id: Generated<BigIntId>;
  user_id: BigIntId | null;
  name: string;
  name_en: string;
  phone: string;
  email: string;
  is_default: Generated<boolean>;
}

export interface UsersTable {
  id: Generated<BigIntId>;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  is_active: Generated<boolean>;
  last_name: Generated<string>;
  first_name: Generated<string>;
  middle_name: Generated<string>;
  contract_number: string | null;
  contract_date: DateColumn | null;
  use_diadoc: Generated<boolean>;
  organization_type: Generated<'individual' | 'sole_proprietor' | 'company'>;
  avatar_upload_id: BigIntId | null;
  manager_id: BigIntId | null;
  locale: Generated<'ru' | 'en'>;
  selected_role: 'INVESTOR' | 'LENDER' | null;
  two_factor_phone: string | null;
  /** TOTP (021_account_security.sql): secrets encrypted, see modules/auth/totp.ts. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  deactivated_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: BigIntId;
  role: RoleRow;
}

export interface SessionsTable {
  id: string;
  user_id: BigIntId;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  last_seen_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  code_hash: string;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface AuthLinksTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  kind: 'signup' | 'recovery';
  token_hash: string;
  expires_at: RequiredTimestamp;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface AuthCodesTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  purpose: 'enable_two_factor' | 'sign_in' | 'link' | 'step_up' | 'sign_in_challenge';
  /** Where the code was sent: a phone, or the e-mail address of a sign_in_challenge. */
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: RequiredTimestamp;
  used_at: Date | null;
  created_at: Timestamp;
  /** The address that asked for a sign_in_challenge code (the code is good only from there). */
  ip: Generated<string | null>;
}

export interface BankDetailsTable {
  user_id: BigIntId;
  inn: string;
  kpp: string | null;
  ogrn: string;
  bik: string;
  bank_name: string;
  payment_account: string;
  jur_address: string | null;
  address: string;
}

export interface LocationsTable {
  id: number;
  name: string;
  name_en: string;
  exists_main: Generated<boolean>;
  exists_periphery: Generated<boolean>;
  is_placeholder: Generated<boolean>;
  info: Json<Record<string, unknown>>;
  /** 018_catalogue.sql: the order owners see the locations in. */
  position: Generated<number>;
}

export interface UnitsTable {
  id: Generated<BigIntId>;
  location_id: number;
  part: 'main' | 'periphery';
  unit_type: string;
  unit_type_en: string;
  name: string;
  name_en: string;
  unit_number: string | null;
  capacity: Generated<number>;
  area: Numeric;
  stage: Generated<string>;
  stage_en: Generated<string>;
  date_of_launch: DateColumn | null;
  image_urls: Json<string[]>;
  /** 018_catalogue.sql: the managed lists the unit_type and stage names come from. */
  type_id: BigIntId | null;
  stage_id: BigIntId | null;
}

/** 018_catalogue.sql: unit types and stages, lists with both language names. */
export interface UnitListTable {
  id: Generated<BigIntId>;
  name: string;
  name_en: string;
  position: Generated<number>;
}

export interface UserUnitsTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  unit_id: BigIntId;
  relation: 'owner' | 'lender';
  invested_kopecks: Generated<BigIntId>;
  invested_at: DateColumn | null;
  is_sale: Generated<boolean>;
  sale_price_kopecks: BigIntId | null;
  /** 031_user_unit_end: the day the link ended (null: current); an ended link is no longer the owner's. */
  ended_on: DateColumn | null;
}

export interface LoansTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  location_id: number;
  amount_kopecks: BigIntId;
  issued_at: DateColumn;
  term_year_month: number;
  rate_percent: Numeric;
}

export interface OutboxTable {
  id: Generated<BigIntId>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  dedupe_key: string | null;
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}

export interface RequestsTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  manager_id: BigIntId | null;
  kind: RequestKindCode;
  status: Generated<'new' | 'in_progress' | 'done' | 'rejected'>;
  payload: Json<Record<string, unknown>>;
  manager_comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What an open request is about (migration 023, packages/contract/src/requests.ts); null: free text. */
  subject: string | null;
}

export interface DocumentCategoriesTable {
  id: number;
  name: string;
  name_en: string;
  /** 030_category_archive.sql: an archived category is no longer offered; its documents keep it. */
  archived_at: Date | null;
}

export interface DocumentsTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  category_id: number;
  location_id: number | null;
  unit_id: BigIntId | null;
  status_id: number;
  number: string | null;
  description: Generated<string>;
  description_en: Generated<string>;
  upload_id: BigIntId | null;
  document_date: DateColumn;
  created_at: Timestamp;
  /** 009_documents */
  signed_upload_id: BigIntId | null;
  signed_at: Date | null;
  diadoc_url: string | null;
  uploaded_by: BigIntId | null;
  /** 029: the manager's comment when a signed copy is returned to the owner; cleared by the next copy. */
  return_comment: string | null;
}

export interface BookingSourcesTable {
  id: number;
  name: string;
  /** 018_catalogue.sql */
  name_en: Generated<string>;
  type: string;
  /** The source's JSON in the booking grid, written by the database (migration 065). */
  grid_text: GeneratedAlways<string>;
}

export interface BookingsTable {
  id: Generated<BigIntId>;
  unit_id: BigIntId;
  starts_at: RequiredTimestamp;
  ends_at: RequiredTimestamp;
  status: BookingStatus;
  guest_amount: Generated<number>;
  source_id: number | null;
  paid_kopecks: Generated<BigIntId>;
  sum_kopecks: Generated<BigIntId>;
  external_id: string | null;
  /** The start of the booking's JSON in the grid, written by the database (migration 064). */
  grid_head: GeneratedAlways<string>;
  /** The end of the booking's JSON in the grid, its sums, written by the database (migration 065). */
  grid_tail: GeneratedAlways<string>;
}

export interface RepairsTable {
  id: Generated<BigIntId>;
  unit_id: BigIntId;
  starts_at: RequiredTimestamp;
  ends_at: RequiredTimestamp;
  description: Generated<string>;
}

export interface IncomesTable {
  id: Generated<BigIntId>;
  user_unit_id: BigIntId;
  year_month: number;
  amount_kopecks: BigIntId;
}

/** The sum of each owned unit's incomes, kept by a trigger of 025_income_totals.sql. */
export interface IncomeTotalsTable {
  user_unit_id: BigIntId;
  total_kopecks: BigIntId;
}

/**
 * The booked time of each unit and Moscow month, derived: kept by the triggers of 061_booked_time_by_month.sql from
 * `bookings`, which the console's booking import writes (modules/import), never written directly (table-writers.test.ts).
 */
export interface BookedTimeByMonthTable {
  unit_id: BigIntId;
  year_month: number;
  booked_ms: Numeric;
}

export interface LoanPaymentsTable {
  id: Generated<BigIntId>;
  loan_id: BigIntId;
  year_month: number;
  amount_kopecks: BigIntId;
}

export interface CapitalizationTable {
  id: Generated<BigIntId>;
  unit_id: BigIntId;
  stage_date: DateColumn;
  price_kopecks: BigIntId;
  name: string;
  name_en: string;
}

export interface OutcomeCategoriesTable {
  id: number;
  name: string;
  name_en: string;
  direction: 'income' | 'expense';
  /** 030_category_archive.sql: an archived category is no longer offered; its rows keep it. */
  archived_at: Date | null;
}

export interface OutcomeRowsTable {
  id: Generated<BigIntId>;
  location_id: number;
  part: 'main' | 'periphery';
  row_date: DateColumn;
  category_id: number;
  article: string;
  /** The article in English; empty: the Russian one. */
  article_en: Generated<string>;
  amount_kopecks: BigIntId;
  external_id: string | null;
}

export interface AuditLogTable {
  id: Generated<BigIntId>;
  actor_user_id: BigIntId | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface InspectionsTable {
  id: Generated<BigIntId>;
  location_id: BigIntId;
  pattern_name: string;
  pattern_name_en: string;
  kind: 'material' | 'service' | 'other';
  inspection_date: RequiredTimestamp;
  is_completed: Generated<boolean>;
  list_name: Generated<string>;
  list_name_en: Generated<string>;
  /** The inspection system's id, the key of re-imports; null for inspections entered here. */
  external_id: Generated<string | null>;
}

export interface InspectionChecksTable {
  id: Generated<BigIntId>;
  inspection_id: BigIntId;
  position: number;
  group_title: string;
  group_title_en: string;
  subgroup_title: string;
  subgroup_title_en: string;
  test: string;
  test_en: string;
  status: number;
  media: Json<Array<{ url: string; isVideo: boolean }>>;
}

export interface InventoryItemsTable {
  id: Generated<BigIntId>;
  unit_id: BigIntId;
  name: string;
  name_en: string;
  inv_number: string;
  cost_kopecks: number;
  inv_status: boolean | null;
  inv_date: DateColumn | null;
  space_id: number;
  space_name: string;
  space_name_en: string;
  image_count: Generated<number>;
}

export interface LocationDocumentsTable {
  id: Generated<BigIntId>;
  location_id: number;
  category_id: number;
  number: string | null;
  description: Generated<string>;
  description_en: Generated<string>;
  upload_id: BigIntId | null;
  document_date: DateColumn;
  created_at: Timestamp;
}

export interface SaleLotsTable {
  id: Generated<BigIntId>;
  user_unit_id: BigIntId;
  default_price_kopecks: BigIntId;
  discount_price_kopecks: BigIntId | null;
  promo: string | null;
  listed_at: Timestamp;
}

export interface FaqTable {
  id: Generated<BigIntId>;
  position: number;
  question: string;
  question_en: string;
  answer: string;
  answer_en: string;
  is_published: Generated<boolean>;
}

export interface NewsTable {
  id: Generated<BigIntId>;
  for_investors: boolean;
  for_lenders: boolean;
  tag: string;
  tag_en: string;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  image_url: string | null;
  published_at: RequiredTimestamp;
  is_published: Generated<boolean>;
}

export interface UnitTimelinesTable {
  unit_id: BigIntId;
  capitalization_stage_name: string;
  capitalization_stage_name_en: string;
  capitalization_price_kopecks: number | null;
  market_price_kopecks: number | null;
  description: Generated<string>;
  description_en: Generated<string>;
}

/** Status 0 not started, 1 awaiting commencement, 2 in progress, 3 done, 4 purchase (spec: States and transitions). */
export interface UnitTimelineStagesTable {
  id: Generated<BigIntId>;
  unit_id: BigIntId;
  seq: number;
  level: number;
  name: string;
  name_en: string;
  description: Generated<string>;
  description_en: Generated<string>;
  finish_date: DateColumn | null;
  status: number;
}

export interface LocationTimelineStagesTable {
  id: Generated<BigIntId>;
  location_id: BigIntId;
  kind: 'location' | 'periphery';
  seq: number;
  level: number;
  name: string;
  name_en: string;
  description: Generated<string>;
  description_en: Generated<string>;
  finish_date: DateColumn | null;
  status: number;
}

export interface MediaReportsTable {
  id: Generated<BigIntId>;
  location_id: BigIntId;
  unit_id: BigIntId | null;
  report_date: DateColumn;
  title: string;
  title_en: string;
  subtitle_html: Generated<string>;
  subtitle_html_en: Generated<string>;
}

export interface MediaReportUploadsTable {
  id: Generated<BigIntId>;
  report_id: BigIntId;
  position: number;
  public_url: string;
  mime_type: string;
  upload_id: Generated<BigIntId | null>;
}

/** 019_company_content.sql: camera streams and views, the financial report, company lots, inventory photos. */
export interface CameraStreamsTable {
  location_id: number;
  stream_url: string;
  proxy_key: string;
  updated_at: Timestamp;
}

export interface CameraViewsTable {
  id: Generated<BigIntId>;
  location_id: number;
  position: number;
  title: string;
  title_en: string;
  url: string;
  upload_id: BigIntId | null;
}

export interface FinancialReportsTable {
  id: number;
  kind: 'pdf' | 'pages';
  upload_id: BigIntId | null;
  public_url: string | null;
  page_count: number | null;
  title: Generated<string>;
  updated_at: Timestamp;
}

export interface CompanySettingsTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  invest_url: string;
  hotels_url: string;
  scheme_url: string;
  privacy_url: string;
  support_phone: string;
  support_email: string;
  report_title: string;
  report_title_en: string;
  updated_at: Generated<Date>;
  statement_day: Generated<number>;
}

export type NotificationKindColumn =
  | 'signature'
  | 'document_review'
  | 'request_answer'
  | 'report'
  | 'income'
  | 'statement'
  | 'news';

export interface NotificationsTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  kind: NotificationKindColumn;
  event_key: string;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  link: Generated<string>;
  created_at: Generated<Date>;
  read_at: Date | null;
  mail_status: Generated<'pending' | 'digest' | 'done'>;
}

export interface NotificationSettingsTable {
  user_id: BigIntId;
  kind: NotificationKindColumn;
  mode: 'immediate' | 'digest' | 'off';
  updated_at: Generated<Date>;
}

export interface NotificationDigestsTable {
  user_id: BigIntId;
  day: ColumnType<string, string, string>;
  items: number;
  created_at: Generated<Date>;
}

export interface OwnerStatementsTable {
  id: Generated<BigIntId>;
  user_id: BigIntId;
  kind: 'month' | 'year';
  period: number;
  document_id: BigIntId | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CompanyLotsTable {
  id: Generated<BigIntId>;
  unit_id: BigIntId;
  price_kopecks: BigIntId;
  discount_price_kopecks: BigIntId | null;
  profit_percent: Numeric | null;
  description: Generated<string>;
  description_en: Generated<string>;
  promo: string | null;
  published: Generated<boolean>;
  published_at: Date | null;
  created_at: Timestamp;
}

export interface CompanyLotPhotosTable {
  id: Generated<BigIntId>;
  lot_id: BigIntId;
  position: number;
  public_url: string;
  upload_id: BigIntId | null;
}

export interface InventoryPhotosTable {
  id: Generated<BigIntId>;
  item_id: BigIntId;
  position: number;
  url: string;
  upload_id: BigIntId | null;
}

/** 020_files_in_database.sql: every stored file, its content in chunks (see integrations/file-store.ts). */
export interface StoredFilesTable {
  id: Generated<BigIntId>;
  key: string;
  content_type: Generated<string>;
  size_bytes: Generated<number>;
  sha256: Generated<string>;
  chunk_size: number;
  complete: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

export interface FileChunksTable {
  file_id: BigIntId;
  seq: number;
  data: Uint8Array;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Timestamp;
  checksum: string | null;
}

export interface DB {
  uploads: UploadsTable;
  managers: ManagersTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  auth_links: AuthLinksTable;
  auth_codes: AuthCodesTable;
  recovery_codes: RecoveryCodesTable;
  bank_details: BankDetailsTable;
  locations: LocationsTable;
  units: UnitsTable;
  unit_types: UnitListTable;
  unit_stages: UnitListTable;
  user_units: UserUnitsTable;
  loans: LoansTable;
  outbox: OutboxTable;
  requests: RequestsTable;
  document_categories: DocumentCategoriesTable;
  documents: DocumentsTable;
  booking_sources: BookingSourcesTable;
  bookings: BookingsTable;
  repairs: RepairsTable;
  incomes: IncomesTable;
  income_totals: IncomeTotalsTable;
  booked_time_by_month: BookedTimeByMonthTable;
  loan_payments: LoanPaymentsTable;
  capitalization: CapitalizationTable;
  outcome_categories: OutcomeCategoriesTable;
  outcome_rows: OutcomeRowsTable;
  audit_log: AuditLogTable;
  schema_migrations: SchemaMigrationsTable;
  inspections: InspectionsTable;
  inspection_checks: InspectionChecksTable;
  inventory_items: InventoryItemsTable;
  location_documents: LocationDocumentsTable;
  sale_lots: SaleLotsTable;
  faq: FaqTable;
  news: NewsTable;
  unit_timelines: UnitTimelinesTable;
  unit_timeline_stages: UnitTimelineStagesTable;
  location_timeline_stages: LocationTimelineStagesTable;
  media_reports: MediaReportsTable;
  media_report_uploads: MediaReportUploadsTable;
  camera_streams: CameraStreamsTable;
  camera_views: CameraViewsTable;
  financial_reports: FinancialReportsTable;
  company_lots: CompanyLotsTable;
  company_settings: CompanySettingsTable;
  company_lot_photos: CompanyLotPhotosTable;
  inventory_photos: InventoryPhotosTable;
  stored_files: StoredFilesTable;
  file_chunks: FileChunksTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_digests: NotificationDigestsTable;
  owner_statements: OwnerStatementsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewOutboxMessage = Insertable<OutboxTable>;
