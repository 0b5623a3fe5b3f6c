import { z } from 'zod';
import { loanBodySchema } from './backoffice-loans.ts';
import { LOCALES, ORGANIZATION_TYPES, ROLE_CODES, STAFF_ROLE_CODES } from './constants.ts';
import { successSchema } from './errors.ts';
import { bankDetailsSchema } from './profile.ts';
import { requestKindSchema } from './requests.ts';
import { defineRoute } from './route.ts';

const organizationTypeSchema = z.enum(Object.keys(ORGANIZATION_TYPES) as [keyof typeof ORGANIZATION_TYPES], {
  error: 'validation.invalid',
});

import { emailSchema, idSchema, phoneSchema, requiredText, trimmedText } from './validation.ts';

/** Defined once in request-subjects.ts; re-exported for the console, which filters its inbox by them. */
export { REQUEST_KINDS, type RequestKindCode } from './request-subjects.ts';

/** A request moves forward only: new → in progress → done, or refused (rejected); both ends carry a comment. */
export const REQUEST_STATUSES = ['new', 'in_progress', 'done', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

const PAGE_SIZE_MAX = 100;
const pageQuery = {
  page: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1, { error: 'validation.invalid' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1, { error: 'validation.invalid' })
    .max(PAGE_SIZE_MAX, { error: 'validation.invalid' })
    .default(20),
};
const idParam = z.object({ id: idSchema });
export const backofficeIdParamsSchema = idParam;

/** GET /api/v1/backoffice/me: who works in the console; an owner gets 403. */
export const backofficeMeResponseSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLE_CODES)),
  managerId: z
    .number()
    .int()
    .nullable()
    .describe('The managers row of this user; null for an admin without one'),
});
export type BackofficeMe = z.infer<typeof backofficeMeResponseSchema>;

const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** GET /api/v1/backoffice/requests: the inbox, newest first. */
export const requestListQuerySchema = z.object({
  kind: requestKindSchema.optional(),
  status: z.enum(REQUEST_STATUSES, { error: 'validation.invalid' }).optional(),
  ownerId: idSchema.optional().describe("One client's requests (the owner card)"),
  ...pageQuery,
});
export type RequestListQuery = z.input<typeof requestListQuerySchema>;
export const managerRequestSchema = z
  .object({
    id: z.number().int(),
    kind: requestKindSchema,
    status: z.enum(REQUEST_STATUSES),
    owner: personSchema,
    managerId: z.number().int().nullable(),
    payload: z.record(z.string(), z.unknown()).describe('What the owner sent, as the owner sent it'),
    comment: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ManagerRequest' });
export type ManagerRequest = z.infer<typeof managerRequestSchema>;
export const requestListResponseSchema = z.object({
  items: z.array(managerRequestSchema),
  total: z.number().int(),
  counts: z.record(z.enum(REQUEST_STATUSES), z.number().int()).describe('Requests by status, all kinds'),
});
export type RequestListResponse = z.infer<typeof requestListResponseSchema>;

/** PATCH /api/v1/backoffice/requests/{id}: the next status, with the manager's comment (required to end it). */
export const requestUpdateSchema = z.object({
  status: z.enum(REQUEST_STATUSES, { error: 'validation.invalid' }),
  comment: trimmedText(2000).optional(),
});
export type RequestUpdate = z.input<typeof requestUpdateSchema>;

/** Owners: the clients of the manager (an admin sees all). */
export const ownerListQuerySchema = z.object({
  search: trimmedText(200).optional(),
  ...pageQuery,
});
export type OwnerListQuery = z.input<typeof ownerListQuerySchema>;
export const ownerSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    roles: z.array(z.enum(ROLE_CODES)),
    status: z.enum(['active', 'invited', 'deactivated']),
    managerId: z.number().int().nullable(),
    unitCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'OwnerSummary' });
export type OwnerSummary = z.infer<typeof ownerSummarySchema>;
export const ownerListResponseSchema = z.object({
  items: z.array(ownerSummarySchema),
  total: z.number().int(),
});
export type OwnerListResponse = z.infer<typeof ownerListResponseSchema>;

const nameField = requiredText(100);
const isoDate = z.iso.date({ error: 'validation.invalid' });

/** The owner's base data, as a manager edits it (also when applying a requested change). */
export const ownerDataSchema = z.object({
  lastName: nameField,
  firstName: nameField,
  middleName: trimmedText(100).default(''),
  email: emailSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  contractNumber: trimmedText(50).nullable().optional(),
  contractDate: isoDate.nullable().optional(),
  organizationType: organizationTypeSchema.default('individual'),
  locale: z.enum(LOCALES, { error: 'validation.invalid' }).default('ru'),
  roles: z.array(z.enum(ROLE_CODES, { error: 'validation.invalid' })).min(1, { error: 'owner.roleRequired' }),
  managerId: z.number().int().positive().nullable().optional(),
});

/** POST /api/v1/backoffice/owners: a new owner; the activation link goes to the e-mail (else the phone). */
export const ownerCreateSchema = ownerDataSchema.refine((value) => Boolean(value.email || value.phone), {
  error: 'registration.contactRequired',
  path: ['email'],
});
export type OwnerCreate = z.input<typeof ownerCreateSchema>;
/**
 * PUT /api/v1/backoffice/owners/{id}. With requestId, the save applies that change-of-data request of this owner:
 * the request is done, with requestComment, in the same transaction.
 */
export const ownerUpdateSchema = ownerDataSchema.extend({
  requestId: z.number({ error: 'validation.invalid' }).int().positive().optional(),
  requestComment: trimmedText(2000).optional(),
});
export type OwnerUpdate = z.input<typeof ownerUpdateSchema>;

const digits = (pattern: RegExp, error: string) => z.string().trim().regex(pattern, { error });
/**
 * PUT /api/v1/backoffice/owners/{id}/bank-details: a sole proprietor's or a company's bank details (kpp and
 * jurAddress are the company's). With requestId the save applies that bank-details request of this owner.
 */
export const ownerBankDetailsUpdateSchema = z.object({
  inn: digits(/^(\d{10}|\d{12})$/, 'bank.inn'),
  kpp: digits(/^\d{9}$/, 'bank.kpp')
    .nullable()
    .optional(),
  ogrn: digits(/^(\d{13}|\d{15})$/, 'bank.ogrn'),
  bik: digits(/^\d{9}$/, 'bank.bik'),
  bankName: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.tooLong' }),
  paymentAccount: digits(/^\d{20}$/, 'bank.account'),
  jurAddress: trimmedText(500).nullable().optional(),
  address: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.tooLong' }),
  requestId: z.number({ error: 'validation.invalid' }).int().positive().optional(),
  requestComment: trimmedText(2000).optional(),
});
export type OwnerBankDetailsUpdate = z.input<typeof ownerBankDetailsUpdateSchema>;

export const ownerUnitSchema = z.object({
  id: z.number().int().describe('The user-unit link'),
  unitId: z.number().int(),
  unitName: z.string(),
  unitNameEn: z.string(),
  locationName: z.string(),
  locationNameEn: z.string(),
  relation: z.enum(['owner', 'lender']),
  invested: z.number().describe('Rubles'),
  investedAt: z.string().nullable(),
  endedOn: z
    .string()
    .nullable()
    .describe(
      'The day the link ended: from then on the owner no longer sees the unit; staff keep its history',
    ),
  incomeMonths: z.number().int().describe('Months of income recorded on the link'),
  documents: z.number().int().describe("The owner's documents about the unit"),
});
export const ownerLoanSchema = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  locationNameEn: z.string(),
  amount: z.number().describe('Rubles'),
  issuedAt: z.string(),
  termYearMonth: z.number().int(),
  ratePercent: z.number(),
});

/** GET /api/v1/backoffice/owners/{id}: everything the manager maintains for one owner. */
export const ownerDetailSchema = ownerSummarySchema.extend({
  lastName: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  contractNumber: z.string().nullable(),
  contractDate: z.string().nullable(),
  organizationType: organizationTypeSchema,
  locale: z.enum(LOCALES),
  units: z.array(ownerUnitSchema),
  loans: z.array(ownerLoanSchema),
  bankDetails: bankDetailsSchema.nullable().describe('None for an individual or until given'),
});
export type OwnerDetail = z.infer<typeof ownerDetailSchema>;

const money = z.coerce
  .number({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(1e12, { error: 'validation.invalid' });

/** POST /api/v1/backoffice/owners/{id}/units: give an owner a unit (or a lender a unit lent against). */
export const ownerUnitCreateSchema = z.object({
  unitId: z.number({ error: 'validation.required' }).int().positive(),
  relation: z.enum(['owner', 'lender'], { error: 'validation.invalid' }),
  invested: money.default(0),
  investedAt: isoDate.nullable().optional(),
});
export type OwnerUnitCreate = z.input<typeof ownerUnitCreateSchema>;

/** PUT /api/v1/backoffice/owners/{id}/units/{linkId}: correct a link (a typo in the sum is not permanent). */
export const ownerUnitUpdateSchema = z.object({
  relation: z.enum(['owner', 'lender'], { error: 'validation.invalid' }),
  invested: money,
  investedAt: isoDate.nullable(),
});
export type OwnerUnitUpdate = z.input<typeof ownerUnitUpdateSchema>;

/** POST /api/v1/backoffice/owners/{id}/units/{linkId}/end: the day the owner's link ends. */
export const ownerUnitEndSchema = z.object({
  endedOn: z.iso.date({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.invalid',
  }),
});
export type OwnerUnitEnd = z.input<typeof ownerUnitEndSchema>;

/** POST /api/v1/backoffice/owners/{id}/loans. */
export const ownerLoanCreateSchema = loanBodySchema;
export type OwnerLoanCreate = z.input<typeof ownerLoanCreateSchema>;

/**
 * GET /api/v1/backoffice/catalogue: managers (those who can take clients), locations and units for the console's
 * selects, with their English names.
 */
export const backofficeCatalogueResponseSchema = z.object({
  managers: z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() })),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() })),
  units: z.array(
    z.object({ id: z.number().int(), name: z.string(), nameEn: z.string(), locationId: z.number().int() }),
  ),
});
export type BackofficeCatalogue = z.infer<typeof backofficeCatalogueResponseSchema>;

/** GET /api/v1/backoffice/audit: every change made in the console, newest first. */
export const auditListQuerySchema = z.object({ ...pageQuery });
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actor: personSchema.nullable(),
    action: z
      .string()
      .describe('e.g. request.status, owner.create, owner.update, owner.deactivate, import.bookings'),
    entity: z.string(),
    entityId: z.string().nullable(),
    entityName: z.string().nullable().describe("The client's name when the entity is a user, else null"),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** What the console and `npm run import` can load, from CSV or JSON. */
export const IMPORT_KIND_NAMES = [
  'bookings',
  'incomes',
  'outcomes',
  'inventory',
  'inspections',
  'timelines',
  'locations',
  'units',
  'loanPayments',
  'capitalization',
  'repairs',
  'locationDocuments',
] as const;
export type ImportKindCode = (typeof IMPORT_KIND_NAMES)[number];
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** POST /api/v1/backoffice/import/{kind}?skipInvalid=: the file itself is the body (text/csv or application/json). */
export const importParamsSchema = z.object({ kind: z.enum(IMPORT_KIND_NAMES, { error: 'import.kind' }) });
export const importQuerySchema = z.object({
  skipInvalid: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .optional()
    .transform((value) => value === 'true'),
});
export const importProblemSchema = z.object({
  row: z.number().int().describe('1-based data row (the CSV header is not counted)'),
  field: z.string(),
  message: z.string(),
});
export const importReportSchema = z
  .object({
    kind: z.enum(IMPORT_KIND_NAMES),
    total: z.number().int(),
    accepted: z.number().int().describe('Valid rows'),
    rejected: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    applied: z.boolean().describe('False when bad rows stopped the import: nothing was written'),
    problems: z.array(importProblemSchema).describe('The first 200 rejected rows with reasons'),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof importReportSchema>;

/** POST /api/v1/backoffice/owners: the new owner's id. */
export const ownerCreatedSchema = z.object({ id: z.number().int() });
/** /api/v1/backoffice/owners/{id}/units/{linkId}: the owner and the link to their unit. */
export const ownerUnitLinkParamsSchema = z.object({ id: idSchema, linkId: idSchema });

/** The managers' console: every call is for MANAGER or ADMIN; an owner's token gets 403. */
export const backofficeApi = {
  me: defineRoute({
    method: 'GET',
    path: '/backoffice/me',
    summary: 'Who works in the console: name, roles and managers row (an owner gets 403)',
    tags: ['backoffice'],
    access: 'staff',
    response: backofficeMeResponseSchema,
  }),
  catalogue: defineRoute({
    method: 'GET',
    path: '/backoffice/catalogue',
    summary: "Managers, locations and units for the console's selects",
    tags: ['backoffice'],
    access: 'staff',
    response: backofficeCatalogueResponseSchema,
  }),
  requests: defineRoute({
    method: 'GET',
    path: '/backoffice/requests',
    summary: 'The inbox of requests from owners',
    tags: ['backoffice'],
    access: 'staff',
    query: requestListQuerySchema,
    response: requestListResponseSchema,
  }),
  updateRequest: defineRoute({
    method: 'PATCH',
    path: '/backoffice/requests/:id',
    summary: 'Move a request forward, with a comment',
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: requestUpdateSchema,
    response: successSchema,
    errors: [404],
  }),
  owners: defineRoute({
    method: 'GET',
    path: '/backoffice/owners',
    summary: 'Owners: the clients of the manager (an admin sees all), by a search, a page at a time',
    tags: ['backoffice'],
    access: 'staff',
    query: ownerListQuerySchema,
    response: ownerListResponseSchema,
  }),
  createOwner: defineRoute({
    method: 'POST',
    path: '/backoffice/owners',
    summary: 'Create an owner; the activation link is sent',
    tags: ['backoffice'],
    access: 'staff',
    body: ownerCreateSchema,
    response: ownerCreatedSchema,
    errors: [409],
  }),
  owner: defineRoute({
    method: 'GET',
    path: '/backoffice/owners/:id',
    summary: "An owner's card: data, roles, manager, units and loans",
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    response: ownerDetailSchema,
    errors: [404],
  }),
  updateOwner: defineRoute({
    method: 'PUT',
    path: '/backoffice/owners/:id',
    summary: "Save an owner's data, roles and manager",
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: ownerUpdateSchema,
    response: successSchema,
    errors: [404, 409],
  }),
  saveOwnerBankDetails: defineRoute({
    method: 'PUT',
    path: '/backoffice/owners/:id/bank-details',
    summary: "Save a sole proprietor's or company's bank details, applying their request when named",
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: ownerBankDetailsUpdateSchema,
    response: successSchema,
    errors: [404],
  }),
  deactivateOwner: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/deactivate',
    summary: 'Deactivate an owner: no more sign-in, and every token it holds stops working at once',
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    response: successSchema,
    errors: [404],
  }),
  addOwnerUnit: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/units',
    summary: 'Give an owner a unit (or a lender a unit lent against)',
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: ownerUnitCreateSchema,
    response: successSchema,
    errors: [404, 409],
  }),
  updateOwnerUnit: defineRoute({
    method: 'PUT',
    path: '/backoffice/owners/:id/units/:linkId',
    summary:
      "Correct an owner's unit link: relation, invested sum and date (the audit keeps before and after)",
    tags: ['backoffice'],
    access: 'staff',
    params: ownerUnitLinkParamsSchema,
    body: ownerUnitUpdateSchema,
    response: successSchema,
    errors: [404, 409],
  }),
  endOwnerUnit: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/units/:linkId/end',
    summary:
      "End an owner's unit link on a date: the owner no longer sees the unit, its income history stays for staff",
    tags: ['backoffice'],
    access: 'staff',
    params: ownerUnitLinkParamsSchema,
    body: ownerUnitEndSchema,
    response: successSchema,
    errors: [404],
  }),
  restoreOwnerUnit: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/units/:linkId/restore',
    summary: 'Restore a link ended by mistake: the owner sees the unit and its history again',
    tags: ['backoffice'],
    access: 'staff',
    params: ownerUnitLinkParamsSchema,
    response: successSchema,
    errors: [404],
  }),
  addOwnerLoan: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/loans',
    summary: "Record a lender's loan",
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: ownerLoanCreateSchema,
    response: successSchema,
    errors: [404],
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/backoffice/audit',
    summary: "The audit trail of the console's changes, newest first, a page at a time",
    tags: ['backoffice'],
    access: 'staff',
    query: auditListQuerySchema,
    response: auditListResponseSchema,
  }),
};

/** Data import from the console: the CSV or JSON file itself is the body (not multipart), up to IMPORT_MAX_BYTES. */
export const importApi = {
  import: defineRoute({
    method: 'POST',
    path: '/backoffice/import/:kind',
    summary: 'Import a CSV or JSON file of bookings, monthly incomes or income and expense rows',
    tags: ['backoffice'],
    access: 'staff',
    params: importParamsSchema,
    query: importQuerySchema,
    consumes: ['text/csv', 'application/json', 'text/plain', 'application/octet-stream'],
    response: importReportSchema,
    errors: [409, 413],
  }),
};
