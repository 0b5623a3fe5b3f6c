import { backofficeIdParamsSchema } from '@portal/contract/backoffice';
import {
  staffCreatedSchema,
  staffDataSchema,
  staffDeactivateSchema,
  staffListResponseSchema,
} from '@portal/contract/backoffice-staff';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import * as staff from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const withNotFound = { ...errors, 404: errorResponseSchema };
const okSchema = z.object({ success: z.literal(true) });

/** Staff accounts in the console: every call is for ADMIN (a manager or an owner gets 403). */
export function staffRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const staffOnly = requireStaff(ctx);
    // Refused before the body is read: a manager or an owner learns nothing of these calls.
    const base = {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        await staffOnly(request, reply);
        if (!request.session?.roles.includes('ADMIN')) throw forbidden();
      },
    };
    const tags = ['backoffice'];
    const security = [{ bearer: [] }];
    const ok = { success: true as const };

    app.get(
      '/backoffice/staff',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'Managers and admins (admins only)',
          response: { 200: staffListResponseSchema, ...errors },
        },
      },
      (request) => staff.listStaff(ctx, sessionOf(request)),
    );

    app.post(
      '/backoffice/staff',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'Create a manager or an admin; the activation link is mailed',
          body: staffDataSchema,
          response: { 200: staffCreatedSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => ({ id: await staff.createStaff(ctx, sessionOf(request), request.body) }),
    );

    app.put(
      '/backoffice/staff/:id',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: "Save a staff member's names, contacts, role and default-manager flag",
          params: backofficeIdParamsSchema,
          body: staffDataSchema,
          response: { 200: okSchema, 409: errorResponseSchema, ...withNotFound },
        },
      },
      async (request) => {
        await staff.updateStaff(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.post(
      '/backoffice/staff/:id/deactivate',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'Deactivate a staff member; their clients and open requests go to the chosen manager',
          params: backofficeIdParamsSchema,
          body: staffDeactivateSchema,
          response: { 200: okSchema, ...withNotFound },
        },
      },
      async (request) => {
        await staff.deactivateStaff(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
    );

    app.post(
      '/backoffice/staff/:id/reactivate',
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
        await staff.reactivateStaff(ctx, sessionOf(request), request.params.id);
        return ok;
      },
    );
  };
}
