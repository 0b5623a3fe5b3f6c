import { z } from 'zod';
import { REQUEST_KINDS, SUBJECT_REQUEST_KINDS } from './request-subjects.ts';
import { defineRoute } from './route.ts';

/** Defined without zod in request-subjects.ts (the web client's buttons use them); re-exported for the server. */
export {
  REQUEST_KINDS,
  type RequestKindCode,
  requestSubject,
  SUBJECT_REQUEST_KINDS,
  type SubjectRequestKind,
} from './request-subjects.ts';

export const requestKindSchema = z.enum(REQUEST_KINDS, { error: 'validation.invalid' });

/** GET /api/v1/users/open-requests: the user's requests that are still open, by kind and subject. */
export const openRequestsResponseSchema = z.object({
  requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(SUBJECT_REQUEST_KINDS),
      subject: z
        .string()
        .describe('The key of what the request is about (see the kinds); empty: the whole kind'),
      status: z.enum(['new', 'in_progress']),
      createdAt: z.string().describe('ISO 8601'),
    }),
  ),
});
export type OpenRequestsResponse = z.infer<typeof openRequestsResponseSchema>;
export type OpenRequest = OpenRequestsResponse['requests'][number];

/**
 * GET /api/v1/users/requests: the user's requests with the manager's answer (status and comment), newest first.
 * A signed copy of a document is answered on the document itself, so it is not listed here.
 */
export const ownerRequestsResponseSchema = z
  .object({
    requests: z.array(
      z.object({
        id: z.number().int(),
        kind: requestKindSchema,
        status: z.enum(['new', 'in_progress', 'done', 'rejected']),
        categoryId: z
          .number()
          .int()
          .nullable()
          .describe('The document category of a document request; null for the other kinds'),
        comment: z.string().nullable().describe("The manager's comment; null until the manager writes one"),
        createdAt: z.string().describe('ISO 8601'),
        answeredAt: z.string().nullable().describe('ISO 8601, when the request was done or refused'),
      }),
    ),
  })
  .meta({ id: 'OwnerRequests' });
export type OwnerRequestsResponse = z.infer<typeof ownerRequestsResponseSchema>;
export type OwnerRequest = OwnerRequestsResponse['requests'][number];

export const requestsApi = {
  mine: defineRoute({
    method: 'GET',
    path: '/users/requests',
    summary:
      "The user's requests to the manager with the manager's answer (status and comment), newest first",
    tags: ['requests'],
    access: 'session',
    response: ownerRequestsResponseSchema,
  }),
  open: defineRoute({
    method: 'GET',
    path: '/users/open-requests',
    summary:
      "The user's requests to the manager still open (new or in progress), by kind and subject: the buttons that sent them stay 'Request sent' across reloads",
    tags: ['requests'],
    access: 'session',
    response: openRequestsResponseSchema,
  }),
};
