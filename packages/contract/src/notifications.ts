import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/**
 * What the portal tells an owner, by kind: a document awaits the signature, a signed copy was confirmed or returned,
 * a request was answered, a report of the owner's location was published, the month's income was loaded, a
 * statement is ready, news (only when asked for). Each kind is mailed at once, in the day's digest, or not at all,
 * as the owner chooses; every event stays in the activity list (the header's bell) either way.
 */
export const NOTIFICATION_KINDS = [
  'signature',
  'document_review',
  'request_answer',
  'report',
  'income',
  'statement',
  'news',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_MODES = ['immediate', 'digest', 'off'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** A kind nobody chose yet: news only when asked for, everything else at once. */
export const DEFAULT_NOTIFICATION_MODE: Record<NotificationKind, NotificationMode> = {
  signature: 'immediate',
  document_review: 'immediate',
  request_answer: 'immediate',
  report: 'immediate',
  income: 'immediate',
  statement: 'immediate',
  news: 'off',
};

const kindSchema = z.enum(NOTIFICATION_KINDS, { error: 'validation.invalid' });
const modeSchema = z.enum(NOTIFICATION_MODES, { error: 'validation.invalid' });

export const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: kindSchema,
    title: z.string(),
    titleEn: z.string(),
    text: z.string(),
    textEn: z.string(),
    link: z.string().describe("A path of the portal the event is about ('/documents/'), or empty"),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema).describe('Newest first, the latest 100'),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const markReadBodySchema = z
  .object({
    ids: z.array(idSchema).max(200, { error: 'validation.invalid' }).optional(),
    all: z.boolean().optional(),
  })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, {
    error: 'validation.required',
    path: ['ids'],
  });

export const notificationSettingSchema = z.object({ kind: kindSchema, mode: modeSchema });
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsSchema = z
  .object({ settings: z.array(notificationSettingSchema) })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsBodySchema = z.object({
  settings: z
    .array(notificationSettingSchema)
    .min(1, { error: 'validation.required' })
    .max(NOTIFICATION_KINDS.length),
});

/** The signed link of a mail: the account, the kind and the signature; no sign-in needed. */
export const unsubscribeQuerySchema = z.object({
  u: idSchema,
  k: kindSchema,
  t: z
    .string({ error: 'validation.invalid' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'validation.invalid' }),
});
export const unsubscribedSchema = z.object({ kind: kindSchema, mode: modeSchema });

/** A statement of one month (yyyymm) or year (yyyy) the console makes again (or for the first time). */
export const regenerateStatementBodySchema = z
  .object({
    kind: z.enum(['month', 'year'], { error: 'validation.invalid' }),
    period: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }),
  })
  .refine(
    (body) =>
      body.kind === 'year'
        ? body.period >= 2000 && body.period <= 2999
        : body.period >= 200001 && body.period <= 299912 && body.period % 100 >= 1 && body.period % 100 <= 12,
    { error: 'validation.invalid', path: ['period'] },
  );
export const ownerParamsSchema = z.object({ id: idSchema });
export const statementMadeSchema = z.object({ documentId: z.number().int() });

export const notificationsApi = {
  notifications: defineRoute({
    method: 'GET',
    path: '/notifications',
    summary: "The signed-in user's activity list, newest first, with the unread count",
    tags: ['notifications'],
    access: 'session',
    response: notificationsResponseSchema,
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/notifications/unread-count',
    summary: 'How many events of the activity list are unread (the header bell)',
    tags: ['notifications'],
    access: 'session',
    response: unreadCountSchema,
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/notifications/read',
    summary: 'Marks events (ids) or all of them (all: true) read; answers the unread count left',
    tags: ['notifications'],
    access: 'session',
    body: markReadBodySchema,
    response: unreadCountSchema,
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/notifications/settings',
    summary: 'How each kind of event is mailed: at once, in a daily digest, or not',
    tags: ['notifications'],
    access: 'session',
    response: notificationSettingsSchema,
  }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/notifications/settings',
    summary: 'Changes how kinds of events are mailed; answers every kind',
    tags: ['notifications'],
    access: 'session',
    body: notificationSettingsBodySchema,
    response: notificationSettingsSchema,
  }),
  /**
   * The one-click unsubscribe of a mail (its List-Unsubscribe-Post target and the page its link opens): turns the
   * kind off for the account the signed link names. No sign-in; a link not signed by the portal is 404.
   */
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/notifications/unsubscribe',
    summary: "Turns a kind of mail off from a mail's signed link (no sign-in)",
    tags: ['notifications'],
    access: 'public',
    query: unsubscribeQuerySchema,
    response: unsubscribedSchema,
    errors: [404, 429],
  }),
  regenerateStatement: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/statements',
    summary: "Makes an owner's monthly or yearly statement again (staff, the owner in scope)",
    tags: ['backoffice'],
    access: 'staff',
    params: ownerParamsSchema,
    body: regenerateStatementBodySchema,
    response: statementMadeSchema,
    errors: [404],
  }),
};
