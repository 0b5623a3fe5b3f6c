import { staffApi } from '@portal/contract/backoffice-staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as staff from './service.ts';

/**
 * Refused before the body is read, after the staff check: a manager (or an owner) learns nothing of these calls.
 */
async function adminOnly(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.session?.roles.includes('ADMIN')) throw forbidden();
}

/** Staff accounts in the console: every call is for ADMIN (a manager or an owner gets 403). */
export function staffRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    const admins = { onRequest: adminOnly };
    const ok = { success: true as const };

    route(staffApi.list, (request) => staff.listStaff(ctx, sessionOf(request)), admins);
    route(
      staffApi.create,
      async (request) => ({ id: await staff.createStaff(ctx, sessionOf(request), request.body) }),
      admins,
    );
    route(
      staffApi.update,
      async (request) => {
        await staff.updateStaff(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
      admins,
    );
    route(
      staffApi.deactivate,
      async (request) => {
        await staff.deactivateStaff(ctx, sessionOf(request), request.params.id, request.body);
        return ok;
      },
      admins,
    );
    route(
      staffApi.reactivate,
      async (request) => {
        await staff.reactivateStaff(ctx, sessionOf(request), request.params.id);
        return ok;
      },
      admins,
    );
  };
}
