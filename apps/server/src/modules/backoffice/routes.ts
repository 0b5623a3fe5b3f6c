import {
  auditListQuerySchema,
  auditListResponseSchema,
  backofficeCatalogueResponseSchema,
  backofficeIdParamsSchema,
  backofficeMeResponseSchema,
  ownerBankDetailsUpdateSchema,
  ownerCreateSchema,
  ownerDetailSchema,
  ownerListQuerySchema,
  ownerListResponseSchema,
  ownerLoanCreateSchema,
  ownerUnitCreateSchema,
  ownerUpdateSchema,
  requestListQuerySchema,
  requestListResponseSchema,
  requestUpdateSchema,
} from '@portal/contract/backoffice';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import * as backoffice from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const withNotFound = { ...errors, 404: errorResponseSchema };
const okSchema = z.object({ success: z.literal(true) });
const linkParamsSchema = z.object({
  id: z.coerce.number({ error: 'validation.invalid' }).int().positive(),
  linkId: z.coerce.number({ error: 'validation.invalid' }).int().positive(),
});

/** The managers' console: every call is for MANAGER or ADMIN; an owner's token gets 403. */
export function backofficeRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const base = { onRequest: requireStaff(ctx) };
    const tags = ['backoffice'];
    const security = [{ bearer: [] }];
    const ok = { success: true as const };

    app.get(
      '/backoffice/me',
      { ...base, schema: { tags, security, response: { 200: backofficeMeResponseSchema, ...errors } } },
      (request) => backoffice.me(ctx, sessionOf(request)),
    );

    app.get(
      '/backoffice/catalogue',
      {
        ...base,
        schema: { tags, security, response: { 200: backofficeCatalogueResponseSchema, ...errors } },
      },
      (request) => backoffice.catalogue(ctx, sessionOf(request)),
    );

    app.get(
      '/backoffice/requests',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'The inbox of requests from owners',
          querystring: requestListQuerySchema,
          response: { 200: requestListResponseSchema, ...errors },
        },
      },
      (request) => backoffice.listRequests(ctx, sessionOf(request), request.query),
    );

    app.patch(
      '/backoffice/requests/:id',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'Move a request forward, with a comment',
          params: backofficeIdParamsSchema,
          body: requestUpdateSchema,
          response: { 200: okSchema, ...withNotFound },
        },
      },
      async (request) => {
        await backoffice.updateRequest(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.get(
      '/backoffice/owners',
      {
        ...base,
        schema: {
          tags,
          security,
          querystring: ownerListQuerySchema,
          response: { 200: ownerListResponseSchema, ...errors },
        },
      },
      (request) => backoffice.listOwners(ctx, sessionOf(request), request.query),
    );

    app.post(
      '/backoffice/owners',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'Create an owner; the activation link is sent',
          body: ownerCreateSchema,
          response: { 200: z.object({ id: z.number().int() }), 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => ({ id: await backoffice.createOwner(ctx, sessionOf(request), request.body) }),
    );

    app.get(
      '/backoffice/owners/:id',
      {
        ...base,
        schema: {
          tags,
          security,
          params: backofficeIdParamsSchema,
          response: { 200: ownerDetailSchema, ...withNotFound },
        },
      },
      (request) => backoffice.ownerDetail(ctx, sessionOf(request), request.params.id),
    );

    app.put(
      '/backoffice/owners/:id',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: "Save an owner's data, roles and manager",
          params: backofficeIdParamsSchema,
          body: ownerUpdateSchema,
          response: { 200: okSchema, 409: errorResponseSchema, ...withNotFound },
        },
      },
      async (request) => {
        await backoffice.updateOwner(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.put(
      '/backoffice/owners/:id/bank-details',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: "Save a sole proprietor's or company's bank details, applying their request when named",
          params: backofficeIdParamsSchema,
          body: ownerBankDetailsUpdateSchema,
          response: { 200: okSchema, ...withNotFound },
        },
      },
      async (request) => {
        await backoffice.saveOwnerBankDetails(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.post(
      '/backoffice/owners/:id/deactivate',
      {
        ...base,
        schema: {
          tags,
          security,
          params: backofficeIdParamsSchema,
          response: { 200: okSchema, ...withNotFound },
        },
      },
      async (request) => {
        await backoffice.deactivateOwner(ctx, sessionOf(request), request.params.id);
        return ok;
      },
    );

    app.post(
      '/backoffice/owners/:id/units',
      {
        ...base,
        schema: {
          tags,
          security,
          params: backofficeIdParamsSchema,
          body: ownerUnitCreateSchema,
          response: { 200: okSchema, 409: errorResponseSchema, ...withNotFound },
        },
      },
      async (request) => {
        await backoffice.addOwnerUnit(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.delete(
      '/backoffice/owners/:id/units/:linkId',
      {
        ...base,
        schema: { tags, security, params: linkParamsSchema, response: { 200: okSchema, ...withNotFound } },
      },
      async (request) => {
        await backoffice.removeOwnerUnit(ctx, sessionOf(request), request.params.id, request.params.linkId);
        return ok;
      },
    );

    app.post(
      '/backoffice/owners/:id/loans',
      {
        ...base,
        schema: {
          tags,
          security,
          params: backofficeIdParamsSchema,
          body: ownerLoanCreateSchema,
          response: { 200: okSchema, ...withNotFound },
        },
      },
      async (request) => {
        await backoffice.addOwnerLoan(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.get(
      '/backoffice/audit',
      {
        ...base,
        schema: {
          tags,
          security,
          querystring: auditListQuerySchema,
          response: { 200: auditListResponseSchema, ...errors },
        },
      },
      (request) => backoffice.audit(ctx, sessionOf(request), request.query),
    );
  };
}
