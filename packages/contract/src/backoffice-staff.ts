import { z } from 'zod';
import { STAFF_ROLE_CODES } from './constants.ts';
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
