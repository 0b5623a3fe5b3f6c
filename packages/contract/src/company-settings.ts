import { z } from 'zod';
import { isValidEmail } from './field-rules.ts';
import { defineRoute } from './route.ts';
import { idSchema, optionalText, requiredText } from './validation.ts';

/**
 * The management company's own settings: its name (mails name it), its sites (the footer), the scheme link (the
 * lender's dashboard), support contacts and the interim financial report's title. Each text in Russian and, optionally,
 * English (empty takes the Russian one). An empty link is not shown.
 */

/** An absolute http(s) address or a path on the portal itself (`/privacy-policy.pdf`); empty hides the link. */
const linkValue = optionalText(500).refine(
  (value) => value === '' || /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value),
  {
    error: 'validation.invalid',
  },
);

const supportEmail = optionalText(254).refine((value) => value === '' || isValidEmail(value), {
  error: 'email.invalid',
});

const supportPhone = optionalText(40).refine((value) => value === '' || /^\+?[\d\s()-]{5,}$/.test(value), {
  error: 'phone.invalid',
});

/** PUT /backoffice/company-settings: the whole row. */
export const companySettingsBodySchema = z.object({
  name: requiredText(200),
  nameEn: optionalText(200),
  investUrl: linkValue,
  hotelsUrl: linkValue,
  schemeUrl: linkValue,
  privacyUrl: linkValue,
  supportPhone,
  supportEmail,
  reportTitle: optionalText(300),
  reportTitleEn: optionalText(300),
  /** The day of the month the owners' statements of the month before go out; absent keeps the current one. */
  statementDay: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(28, { error: 'validation.invalid' })
    .optional(),
});
export type CompanySettingsBody = z.input<typeof companySettingsBodySchema>;

export const companySettingsSchema = z
  .object({
    name: z.string(),
    nameEn: z.string().describe('Empty: the Russian name is shown'),
    investUrl: z.string().describe("The company's investment site (footer); empty: not shown"),
    hotelsUrl: z.string().describe("The company's hotels site (footer); empty: not shown"),
    schemeUrl: z.string().describe("The investment scheme (lender's dashboard); empty: not shown"),
    privacyUrl: z.string().describe('The privacy policy (footer); empty: not shown'),
    supportPhone: z.string(),
    supportEmail: z.string(),
    reportTitle: z.string().describe("The interim financial report's title; empty: a generic one"),
    reportTitleEn: z.string(),
    statementDay: z.number().int().describe("The day of the month owners' statements go out (1–28)"),
  })
  .meta({ id: 'CompanySettings' });
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const invitationParamsSchema = z.object({ id: idSchema });
export const invitationSentSchema = z.object({ sent: z.literal(true) });

export const companySettingsApi = {
  /**
   * Public: nothing here is private (the company's own sites and contacts), so a page shown before sign-in may
   * carry the footer too; the signed-in layout's footer and the lender's dashboard read it now.
   */
  companySettings: defineRoute({
    method: 'GET',
    path: '/company-settings',
    summary: "The company's name, sites, support contacts and report title",
    tags: ['company'],
    access: 'public',
    response: companySettingsSchema,
  }),
  updateCompanySettings: defineRoute({
    method: 'PUT',
    path: '/backoffice/company-settings',
    summary: "Changes the company's settings (admins; managers and owners get 403)",
    tags: ['backoffice'],
    access: 'staff',
    body: companySettingsBodySchema,
    response: companySettingsSchema,
  }),
  /**
   * A new activation link for an account not yet activated (an owner in the caller's scope; a staff member for
   * admins), by e-mail, else SMS. The earlier links stop working. Rate-limited per account like the sign-up mails.
   */
  resendInvitation: defineRoute({
    method: 'POST',
    path: '/backoffice/users/:id/invitation',
    summary: 'Sends the invitation again with a new link (the old ones stop working)',
    tags: ['backoffice'],
    access: 'staff',
    params: invitationParamsSchema,
    response: invitationSentSchema,
    errors: [404, 409, 429],
  }),
};
