import { backofficeApi } from '@portal/contract/backoffice';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as backoffice from './service.ts';

/** The managers' console: every call is for MANAGER or ADMIN; an owner's token gets 403. */
export function backofficeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    const ok = { success: true as const };

    route(backofficeApi.me, (request) => backoffice.me(ctx, sessionOf(request)));
    route(backofficeApi.catalogue, (request) => backoffice.catalogue(ctx, sessionOf(request)));
    route(backofficeApi.requests, (request) =>
      backoffice.listRequests(ctx, sessionOf(request), request.query),
    );
    route(backofficeApi.updateRequest, async (request) => {
      await backoffice.updateRequest(ctx, sessionOf(request), request.params.id, request.body);
      return ok;
    });
    route(backofficeApi.owners, (request) => backoffice.listOwners(ctx, sessionOf(request), request.query));
    route(backofficeApi.createOwner, async (request) => ({
      id: await backoffice.createOwner(ctx, sessionOf(request), request.body),
    }));
    route(backofficeApi.owner, (request) =>
      backoffice.ownerDetail(ctx, sessionOf(request), request.params.id),
    );
    route(backofficeApi.updateOwner, async (request) => {
      await backoffice.updateOwner(ctx, sessionOf(request), request.params.id, request.body);
      return ok;
    });
    route(backofficeApi.saveOwnerBankDetails, async (request) => {
      await backoffice.saveOwnerBankDetails(ctx, sessionOf(request), request.params.id, request.body);
      return ok;
    });
    route(backofficeApi.deactivateOwner, async (request) => {
      await backoffice.deactivateOwner(ctx, sessionOf(request), request.params.id);
      return ok;
    });
    route(backofficeApi.addOwnerUnit, async (request) => {
      await backoffice.addOwnerUnit(ctx, sessionOf(request), request.params.id, request.body);
      return ok;
    });
    route(backofficeApi.updateOwnerUnit, async (request) => {
      const { id, linkId } = request.params;
      await backoffice.updateOwnerUnit(ctx, sessionOf(request), id, linkId, request.body);
      return ok;
    });
    route(backofficeApi.endOwnerUnit, async (request) => {
      const { id, linkId } = request.params;
      await backoffice.endOwnerUnit(ctx, sessionOf(request), id, linkId, request.body);
      return ok;
    });
    route(backofficeApi.restoreOwnerUnit, async (request) => {
      const { id, linkId } = request.params;
      await backoffice.restoreOwnerUnit(ctx, sessionOf(request), id, linkId);
      return ok;
    });
    route(backofficeApi.addOwnerLoan, async (request) => {
      await backoffice.addOwnerLoan(ctx, sessionOf(request), request.params.id, request.body);
      return ok;
    });
    route(backofficeApi.audit, (request) => backoffice.audit(ctx, sessionOf(request), request.query));
  };
}
