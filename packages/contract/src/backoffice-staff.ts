import { z } from 'zod';
import { backofficeIdParamsSchema } from './backoffice.ts';
import { STAFF_ROLE_CODES } from './constants.ts';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { emailSchema, optionalText, phoneSchema, requiredText } from './validation.ts';

/**
 * The console's staff (managers and admins), for admins only: GET/POST /api/v1/backoffice/staff,
 * PUT /api/v1/backoffice/staff/{id}, POST /api/v1/backoffice/staff/{id}/deactivate and /reactivate.
 * The id is the staff member's user id; managerId is their managers row (the contact owners see).
 */

export const STAFF_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffMemberSchema = z.object({
  id: z.number().int().describe('User id'),
  managerId: z.number().int().nullable().describe('The managers row: the contact its clients see'),
  name: z.string(),
  nameEn: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.enum(STAFF_ROLE_CODES)),
  status: z.enum(STAFF_STATUSES),
  isDefault: z.boolean().describe('The default manager: clients without a manager are theirs'),
  locale: z.enum(['ru', 'en']).describe('Language of the letters the portal sends them'),
  clientCount: z.number().int(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = z.object({ items: z.array(staffMemberSchema) });
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

const nameField = requiredText(100);

/** POST /api/v1/backoffice/staff and PUT /api/v1/backoffice/staff/{id}: English name empty → the Russian one. */
export const staffDataSchema = z.object({
  name: nameField,
  nameEn: optionalText(100),
  email: emailSchema,
  phone: phoneSchema,
  role: z.enum(STAFF_ROLE_CODES, { error: 'validation.invalid' }),
  isDefault: z.boolean({ error: 'validation.invalid' }).default(false),
  locale: z.enum(['ru', 'en'], { error: 'validation.invalid' }).default('ru'),
});
export type StaffData = z.input<typeof staffDataSchema>;

/**
 * POST /api/v1/backoffice/staff/{id}/deactivate: the member's clients and open requests go to managerId (an active
 * manager; required when there are any); deactivating the default manager names the new default.
 */
export const staffDeactivateSchema = z.object({
  managerId: z.number({ error: 'validation.invalid' }).int().positive().nullable().optional(),
  defaultManagerId: z.number({ error: 'validation.invalid' }).int().positive().nullable().optional(),
});
export type StaffDeactivate = z.input<typeof staffDeactivateSchema>;

export const staffCreatedSchema = z.object({ id: z.number().int() });

/** Staff accounts in the console: every call is for ADMIN (a manager's token gets 403 before the body is read). */
export const staffApi = {
  list: defineRoute({
    method: 'GET',
    path: '/backoffice/staff',
    summary: 'Managers and admins (admins only)',
    tags: ['backoffice'],
    access: 'staff',
    response: staffListResponseSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/backoffice/staff',
    summary: 'Create a manager or an admin; the activation link is mailed',
    tags: ['backoffice'],
    access: 'staff',
    body: staffDataSchema,
    response: staffCreatedSchema,
    errors: [409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/backoffice/staff/:id',
    summary: "Save a staff member's names, contacts, role and default-manager flag",
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: staffDataSchema,
    response: successSchema,
    errors: [404, 409],
  }),
  deactivate: defineRoute({
    method: 'POST',
    path: '/backoffice/staff/:id/deactivate',
    summary: 'Deactivate a staff member; their clients and open requests go to the chosen manager',
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: staffDeactivateSchema,
    response: successSchema,
    errors: [404],
  }),
  reactivate: defineRoute({
    method: 'POST',
    path: '/backoffice/staff/:id/reactivate',
    summary: 'Let a deactivated staff member sign in again; their clients stay where they went',
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    response: successSchema,
    errors: [404],
  }),
};
