import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/**
 * Mail and SMS that used up their delivery attempts, for staff (managers and admins):
 * GET /api/v1/backoffice/outbox/failed?page= lists them newest first, POST /api/v1/backoffice/outbox/{id}/resend
 * puts one back in the queue with fresh attempts (audited). The message text is never shown: it may carry a
 * sign-in code or an activation link. An admin sees the recipient; a manager sees it masked, since a failed
 * message may be to another manager's client.
 */

export const OUTBOX_PAGE_SIZE = 20;

export const failedOutboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FailedOutboxQuery = z.infer<typeof failedOutboxQuerySchema>;

export const failedOutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string().describe('E-mail or phone; masked (a•••@example.com) for managers'),
  recipientMasked: z.boolean(),
  subject: z.string().nullable().describe('The e-mail subject; null for an SMS'),
  attempts: z.number().int().describe('Delivery attempts made'),
  lastError: z.string().nullable().describe('What the mail server or SMS gateway answered last'),
  createdAt: z.string().describe('When the message was queued (ISO)'),
});
export type FailedOutboxMessage = z.infer<typeof failedOutboxMessageSchema>;

export const failedOutboxResponseSchema = z.object({
  items: z.array(failedOutboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FailedOutboxResponse = z.infer<typeof failedOutboxResponseSchema>;

export const outboxIdParamsSchema = z.object({ id: idSchema });

/** Undelivered mail and SMS in the console: managers and admins (owners get 403 before anything is read). */
export const backofficeOutboxApi = {
  failed: defineRoute({
    method: 'GET',
    path: '/backoffice/outbox/failed',
    summary: 'E-mails and SMS that used up their delivery attempts, newest first',
    tags: ['backoffice'],
    access: 'staff',
    query: failedOutboxQuerySchema,
    response: failedOutboxResponseSchema,
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/backoffice/outbox/:id/resend',
    summary: 'Queue a failed message again with fresh attempts (audited)',
    tags: ['backoffice'],
    access: 'staff',
    params: outboxIdParamsSchema,
    response: successSchema,
    errors: [404, 409],
  }),
};
