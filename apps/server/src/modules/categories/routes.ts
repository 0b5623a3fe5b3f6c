import { categoriesApi } from '@portal/contract/backoffice-categories';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as categories from './service.ts';

/** /api/v1/backoffice/categories/*: document and income-expense categories (managers and admins). */
export function categoryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);

    route(categoriesApi.documentCategories, (request) =>
      categories.listDocumentCategories(ctx, sessionOf(request)),
    );
    route(categoriesApi.createDocumentCategory, async (request) => ({
      id: await categories.createDocumentCategory(ctx, sessionOf(request), request.body),
    }));
    route(categoriesApi.updateDocumentCategory, async (request) => ({
      id: await categories.updateDocumentCategory(ctx, sessionOf(request), request.params.id, request.body),
    }));
    route(categoriesApi.archiveDocumentCategory, async (request) => ({
      id: await categories.setCategoryArchived(
        ctx,
        sessionOf(request),
        'document',
        request.params.id,
        request.body.archived,
      ),
    }));
    route(categoriesApi.deleteDocumentCategory, (request) =>
      categories.deleteCategory(ctx, sessionOf(request), 'document', request.params.id),
    );

    route(categoriesApi.outcomeCategories, (request) =>
      categories.listOutcomeCategories(ctx, sessionOf(request)),
    );
    route(categoriesApi.createOutcomeCategory, async (request) => ({
      id: await categories.createOutcomeCategory(ctx, sessionOf(request), request.body),
    }));
    route(categoriesApi.updateOutcomeCategory, async (request) => ({
      id: await categories.updateOutcomeCategory(ctx, sessionOf(request), request.params.id, request.body),
    }));
    route(categoriesApi.archiveOutcomeCategory, async (request) => ({
      id: await categories.setCategoryArchived(
        ctx,
        sessionOf(request),
        'outcome',
        request.params.id,
        request.body.archived,
      ),
    }));
    route(categoriesApi.deleteOutcomeCategory, (request) =>
      categories.deleteCategory(ctx, sessionOf(request), 'outcome', request.params.id),
    );
  };
}
