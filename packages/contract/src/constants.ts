/** Named business constants of the spec, defined once for the server and the web client. */

export const ROLE_CODES = ['INVESTOR', 'LENDER'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
/** Staff roles of the back office; owners never hold them. */
export const STAFF_ROLE_CODES = ['MANAGER', 'ADMIN'] as const;
export type StaffRoleCode = (typeof STAFF_ROLE_CODES)[number];
export type AnyRoleCode = RoleCode | StaffRoleCode;

export const ROLES: Record<RoleCode, { id: number; code: RoleCode; name: string; nameEn: string }> = {
  INVESTOR: { id: 1, code: 'INVESTOR', name: 'Инвестор', nameEn: 'Investor' },
  LENDER: { id: 2, code: 'LENDER', name: 'Займодатель', nameEn: 'Lender' },
};

export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

/** Demo profile that sees sample data on the income-outcome pages. */
export const DEMO_PROFILE_ID = 1223;
/** Fake, non-selectable 'new location' entry shown to investors. */
export const PLACEHOLDER_LOCATION_ID = 666;
/** Timeline tab meaning the whole location. */
export const WHOLE_LOCATION_TAB_ID = 1488;
/**
 * The spec's fixed list of four named locations. Owners' locations are ordered by locations.position, which the demo
 * and 018_catalogue.sql (for older databases) set in this order; a company orders its own in the console.
 */
export const LOCATION_ORDER = [1, 2, 3, 7] as const;
/** Fixed timeline tabs of lenders. */
export const LENDER_TIMELINE_LOCATION_IDS = [1, 2, 3] as const;

export const ORGANIZATION_TYPES = {
  individual: { name: 'Физическое лицо', nameEn: 'Individual' },
  sole_proprietor: { name: 'Индивидуальный предприниматель', nameEn: 'Sole proprietor' },
  company: { name: 'Юридическое лицо', nameEn: 'Legal entity' },
} as const;
export type OrganizationTypeCode = keyof typeof ORGANIZATION_TYPES;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AUTH_CODE_LENGTH = 6;
export const AUTH_CODE_TTL_SECONDS = 5 * 60;
export const AUTH_CODE_MAX_ATTEMPTS = 5;
export const AUTH_CODE_RESEND_SECONDS = 30;
export const SIGNUP_LINK_TTL_HOURS = 24;
export const RECOVERY_LINK_TTL_HOURS = 1;

export const MOBILE_BREAKPOINT_PX = 768;
export const PASSWORD_SUCCESS_VIEW_MS = 1000;
export const REQUEST_SUCCESS_VIEW_MS = 2000;
export const BANNER_VISIBLE_MS = 5000;
export const ROUTER_SCROLL_DELAY_MS = 500;
/**
 * A page's code (or a language catalogue) that has not arrived after this long is an error with a reload (spec:
 * Business constants and limits).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Moscow time offset used for month identifiers (yyyymm). */
export const MONTH_TIME_OFFSET_HOURS = 3;

/** Document status that needs the owner's signature and raises the needSign banner. */
export const DOCUMENT_STATUS_NEEDS_SIGNATURE = 1;

/** Client storage keys of the spec. */
export const STORAGE_KEYS = {
  token: 'user_jwt_token',
  role: 'user_role',
  currentLocationId: 'user_current_location_id',
  currentRole: 'user_current_role',
  localeCookie: 'cookieLocale',
  /** The lender's last timeline tab (1, 2 or 3); the spec stores it without naming the key. */
  lenderTimelineTab: 'user_lender_timeline_tab',
} as const;
