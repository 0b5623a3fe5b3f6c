import { z } from 'zod';
import { stepUpFields, stepUpRequestSchema } from './auth.ts';
import { LOCALES, ORGANIZATION_TYPES, ROLE_CODES } from './constants.ts';
import { demoAccountsResponseSchema } from './demo.ts';
import { defineRoute } from './route.ts';
import { emailSchema, phoneSchema, requiredText } from './validation.ts';

const roleCodeSchema = z.enum(ROLE_CODES);
const partSchema = z.enum(['main', 'periphery']);

/** GET /api/v1/users/locations: the user's locations by role, in the spec's order. */
export const userLocationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameEn: z.string(),
    roleCode: roleCodeSchema,
    existsMain: z.boolean(),
    existsPeriphery: z.boolean(),
    isPlaceholder: z.boolean().describe('The non-selectable coming-soon location 666'),
  })
  .meta({ id: 'UserLocation' });
export const userLocationsResponseSchema = z.object({ locations: z.array(userLocationSchema) });
export type UserLocation = z.infer<typeof userLocationSchema>;
export type UserLocationsResponse = z.infer<typeof userLocationsResponseSchema>;

/** GET /api/v1/users/actives: the units list of the layout. */
export const userUnitSchema = z
  .object({
    unitId: z.number().int(),
    userUnitId: z.number().int(),
    unitName: z.string(),
    unitNameEn: z.string(),
    locationId: z.number().int(),
    part: partSchema,
    roleCode: roleCodeSchema.describe('INVESTOR for owned units, LENDER for units lent against'),
  })
  .meta({ id: 'UserUnit' });
export const userUnitsResponseSchema = z.object({ actives: z.array(userUnitSchema) });
export type UserUnit = z.infer<typeof userUnitSchema>;
export type UserUnitsResponse = z.infer<typeof userUnitsResponseSchema>;

/** GET /api/v1/users/actives-info: the unit cards of the assets page (field names as the spec gives them). */
export const activeUnitSchema = z
  .object({
    unit_id: z.number().int(),
    name: z.string(),
    nameEn: z.string(),
    part: partSchema,
    unitType: z.string(),
    unitTypeEn: z.string(),
    capacity: z.number().int(),
    area: z.number(),
    is_sale: z.boolean(),
    salePrice: z.number().nullable(),
    location_type_name: z.string(),
    location_type_name_en: z.string(),
    last_month_income: z.number().describe('Income of the last complete month (Moscow time), rubles'),
    average_monthly_income: z
      .number()
      .describe(
        'Average monthly income since the first income, rubles: the sell dialog shows the yield on it',
      ),
    invested: z.number(),
    dateOfInvest: z.string().nullable(),
    stage: z.string(),
    stageEn: z.string(),
    dateOfLaunch: z.string().nullable(),
    imageUrls: z.array(z.string()),
    locationId: z.number().int(),
    locationName: z.string(),
    locationNameEn: z.string(),
  })
  .meta({ id: 'ActiveUnit' });
export const activesInfoResponseSchema = z.object({ actives: z.array(activeUnitSchema) });
export type ActiveUnit = z.infer<typeof activeUnitSchema>;
export type ActivesInfoResponse = z.infer<typeof activesInfoResponseSchema>;

export const managerDataSchema = z
  .object({ name: z.string(), nameEn: z.string(), phone: z.string(), email: z.string() })
  .meta({ id: 'ManagerData' });
export type ManagerData = z.infer<typeof managerDataSchema>;

export const bankDetailsSchema = z
  .object({
    inn: z.string(),
    kpp: z.string().nullable().describe('Companies only'),
    ogrn: z.string(),
    bik: z.string(),
    bankName: z.string(),
    paymentAccount: z.string(),
    jurAddress: z.string().nullable().describe('Companies only'),
    address: z.string(),
  })
  .meta({ id: 'BankDetails' });
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export const organizationTypeSchema = z.object({
  code: z.enum(Object.keys(ORGANIZATION_TYPES) as [keyof typeof ORGANIZATION_TYPES]),
  name: z.string(),
  nameEn: z.string(),
});

/** GET /api/v1/users/data-profile: profile and profile settings. */
export const dataProfileResponseSchema = z
  .object({
    id: z.number().int(),
    lastName: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    name: z.string(),
    avatar: z.string().nullable().describe('URL of the avatar image'),
    contractNumber: z.string().nullable(),
    contractDate: z.string().nullable(),
    useDiadoc: z.boolean(),
    organizationType: organizationTypeSchema,
    roles: z.array(z.object({ code: roleCodeSchema, name: z.string(), nameEn: z.string() })),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    bankDetails: bankDetailsSchema.nullable(),
    twoFactorEnabled: z.boolean().describe('SMS codes at sign-in'),
    totpEnabled: z.boolean().describe('Codes of an authenticator app at sign-in'),
    recoveryCodesLeft: z.number().int(),
    secondFactorRequired: z
      .boolean()
      .describe('A manager or admin without a second factor: the console answers 403 until one is on'),
    needSign: z.boolean().describe('True when a document waits for the signature (status id 1)'),
    currentRole: roleCodeSchema.nullable(),
    currentLocale: z.enum(LOCALES),
    allLocales: z.array(z.enum(LOCALES)),
    allLocations: z.array(
      z.object({ roleCode: roleCodeSchema, locations: z.array(z.object({ id: z.number() })) }),
    ),
    managerData: managerDataSchema,
  })
  .meta({ id: 'DataProfile' });
export type DataProfile = z.infer<typeof dataProfileResponseSchema>;

/** POST /api/v1/users/profile: only the changed settings are sent. */
export const profileUpdateRequestSchema = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    currentRole: roleCodeSchema.optional(),
    currentLocale: z.enum(LOCALES, { error: 'validation.invalid' }).optional(),
    ...stepUpFields,
  })
  .strict();
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/**
 * The spec's form of POST users/profile: "body list of changed settings", each `{name, value}` with a name of the
 * object form (email, phone, currentRole, currentLocale; password or code for the step-up). The server turns the list
 * into the object form before validating it, so both forms follow the same rules. A list that is not such pairs, or
 * names a setting twice or an unknown one, is left as it is and fails validation (400).
 */
export const PROFILE_SETTING_NAMES = [
  'email',
  'phone',
  'currentRole',
  'currentLocale',
  'password',
  'code',
] as const;
export function profileSettingsListToUpdate(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  const update: Record<string, unknown> = {};
  for (const item of body) {
    const name = (item as { name?: unknown } | null)?.name;
    if (
      typeof item !== 'object' ||
      item === null ||
      !('value' in item) ||
      typeof name !== 'string' ||
      !(PROFILE_SETTING_NAMES as readonly string[]).includes(name) ||
      Object.hasOwn(update, name)
    )
      return body;
    update[name] = (item as { value: unknown }).value;
  }
  return update;
}

/** POST /api/v1/users/send-change-data-request: a request to the manager to change base or bank data. */
export const changeDataRequestSchema = z.object({
  kind: z.enum(['base_data', 'bank_details']),
  message: requiredText(2000),
  ...stepUpFields,
});
export type ChangeDataRequest = z.input<typeof changeDataRequestSchema>;
export const requestCreatedResponseSchema = z.object({
  success: z.literal(true),
  requestId: z.number().int(),
});

/** POST /api/v1/users/avatar (image body) answers the new avatar URL. */
export const avatarResponseSchema = z.object({ avatar: z.string().nullable() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/** Locale calls. */
export const localesResponseSchema = z.object({ locales: z.array(z.enum(LOCALES)) });
export const userLocaleResponseSchema = z.object({ locale: z.enum(LOCALES) });
export const setUserLocaleQuerySchema = z.object({
  userLocale: z
    .string({ error: 'validation.required' })
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(LOCALES, { error: 'validation.invalid' })),
});

/** GET /api/v1/files/avatars/:name: the stored avatar's name (the last part of its URL). */
export const avatarFileParamsSchema = z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The user's own data: the layout's lists, the profile, the avatar, the language, and the demo accounts. */
export const profileApi = {
  locations: defineRoute({
    method: 'GET',
    path: '/users/locations',
    summary: "The user's locations by role",
    tags: ['locations'],
    access: 'session',
    cache: true,
    response: userLocationsResponseSchema,
  }),
  units: defineRoute({
    method: 'GET',
    path: '/users/actives',
    summary: "The user's units (layout list)",
    tags: ['units'],
    access: 'session',
    cache: true,
    response: userUnitsResponseSchema,
  }),
  activesInfo: defineRoute({
    method: 'GET',
    path: '/users/actives-info',
    summary: 'Cards of the owned units',
    tags: ['units'],
    access: 'session',
    cache: true,
    response: activesInfoResponseSchema,
  }),
  dataProfile: defineRoute({
    method: 'GET',
    path: '/users/data-profile',
    summary: 'Profile and profile settings',
    tags: ['profile'],
    access: 'session',
    cache: true,
    response: dataProfileResponseSchema,
  }),
  /** The server turns the spec's list of `{name, value}` into this object form before validating it. */
  profile: defineRoute({
    method: 'POST',
    path: '/users/profile',
    summary:
      "Save the changed settings only (e-mail, phone, current role, locale), as an object or as the spec's list of {name, value}; an e-mail or phone change needs the current password (an authenticator code does not vouch for it)",
    tags: ['profile'],
    access: 'session',
    body: profileUpdateRequestSchema,
    response: dataProfileResponseSchema,
    errors: [409],
  }),
  changeDataRequest: defineRoute({
    method: 'POST',
    path: '/users/send-change-data-request',
    summary:
      'Ask the manager to change base data or bank details (bank details: with the password, or a code of an authenticator app enabled over 24 hours ago)',
    tags: ['requests'],
    access: 'session',
    body: changeDataRequestSchema,
    response: requestCreatedResponseSchema,
  }),
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/users/deleteaccount',
    summary:
      'Ask the manager to delete the account (the current password, or a code of an authenticator app enabled over 24 hours ago)',
    tags: ['requests'],
    access: 'session',
    body: stepUpRequestSchema,
    response: requestCreatedResponseSchema,
  }),
  /** The image bytes are the body itself (not multipart). */
  uploadAvatar: defineRoute({
    method: 'POST',
    path: '/users/avatar',
    summary: 'Upload the avatar: the image bytes as the body (JPEG or PNG by content, at most 2 MB)',
    tags: ['profile'],
    access: 'session',
    consumes: ['image/jpeg', 'image/png'],
    response: avatarResponseSchema,
    errors: [413],
  }),
  deleteAvatar: defineRoute({
    method: 'DELETE',
    path: '/users/avatar',
    summary: 'Delete the avatar',
    tags: ['profile'],
    access: 'session',
    response: avatarResponseSchema,
  }),
  avatarFile: defineRoute({
    method: 'GET',
    path: '/files/avatars/:name',
    summary: 'An avatar image',
    tags: ['profile'],
    access: 'public',
    params: avatarFileParamsSchema,
    response: 'file',
    errors: [404],
  }),
  locales: defineRoute({
    method: 'GET',
    path: '/locale/get-locales',
    summary: 'Languages of the portal',
    tags: ['locale'],
    access: 'public',
    response: localesResponseSchema,
  }),
  userLocale: defineRoute({
    method: 'GET',
    path: '/locale/get-user-locale',
    summary: "The user's language",
    tags: ['locale'],
    access: 'session',
    response: userLocaleResponseSchema,
  }),
  setUserLocale: defineRoute({
    method: 'POST',
    path: '/locale/set-user-locale',
    summary: "Set the user's language (query userLocale: ru or en)",
    tags: ['locale'],
    access: 'session',
    query: setUserLocaleQuerySchema,
    response: userLocaleResponseSchema,
  }),
  demoAccounts: defineRoute({
    method: 'GET',
    path: '/demo-accounts',
    summary: 'Accounts to try on a demo database (empty otherwise)',
    tags: ['auth'],
    access: 'public',
    response: demoAccountsResponseSchema,
  }),
};
