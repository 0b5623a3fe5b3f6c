import { companySettingsApi } from '@portal/contract/company-settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as company from './service.ts';

/** /api/v1/company-settings (anyone) and /api/v1/backoffice/company-settings (admins write); an invitation sent again. */
export function companyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(companySettingsApi.companySettings, () => company.readSettings(ctx.database.db));
    route(companySettingsApi.updateCompanySettings, (request) =>
      company.updateSettings(ctx, sessionOf(request), request.body),
    );
    route(companySettingsApi.resendInvitation, (request) =>
      company.resendInvitation(ctx, sessionOf(request), request.params.id),
    );
  };
}
