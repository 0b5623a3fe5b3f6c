import type {
  DocumentCategoryItem,
  documentCategoryBodySchema,
  documentCategoryCreateSchema,
  OutcomeCategoryItem,
  outcomeCategoryBodySchema,
  outcomeCategoryCreateSchema,
} from '@portal/contract/backoffice-categories';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

/**
 * Document and income-expense categories: company lists like the catalogue's, so every manager and admin edits
 * them (owners get 403 from requireStaff and staffScope). An English name left empty takes the Russian one. A
 * category nothing carries may be deleted; one in use is archived, which takes it out of the upload form, the
 * owners' request list and the import while its documents and rows keep showing it. Every change is audited,
 * a correction with its values before and after.
 */
type DocumentCreate = z.output<typeof documentCategoryCreateSchema>;
type DocumentFields = z.output<typeof documentCategoryBodySchema>;
type OutcomeCreate = z.output<typeof outcomeCategoryCreateSchema>;
type OutcomeFields = z.output<typeof outcomeCategoryBodySchema>;

export type CategoryKind = 'document' | 'outcome';
const TABLE = { document: 'document_categories', outcome: 'outcome_categories' } as const;

const audit = (
  db: Executor,
  session: Session,
  kind: CategoryKind,
  action: string,
  id: number,
  details: object,
) =>
  recordAudit(db, {
    actorUserId: session.userId,
    action: `categories.${kind}.${action}`,
    entity: `${kind}_category`,
    entityId: id,
    details,
  });

export async function listDocumentCategories(
  ctx: AppContext,
  session: Session,
): Promise<{ items: DocumentCategoryItem[] }> {
  await staffScope(ctx, session);
  const rows = await q.documentCategoryRows(ctx.database.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      nameEn: row.name_en,
      archived: row.archived_at !== null,
      useCount: Number(row.documentCount ?? 0) + Number(row.locationDocumentCount ?? 0),
    })),
  };
}

export async function listOutcomeCategories(
  ctx: AppContext,
  session: Session,
): Promise<{ items: OutcomeCategoryItem[] }> {
  await staffScope(ctx, session);
  const rows = await q.outcomeCategoryRows(ctx.database.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      nameEn: row.name_en,
      direction: row.direction,
      archived: row.archived_at !== null,
      useCount: Number(row.rowCount ?? 0),
    })),
  };
}

/**
 * Inserts a new category under the id given (400 when taken) or the next free one; two creations at once may pick
 * the same next id, and the primary key then refuses the second, which tries again.
 */
async function create(
  ctx: AppContext,
  session: Session,
  kind: CategoryKind,
  wanted: number | undefined,
  insert: (trx: Executor, id: number) => Promise<object>,
): Promise<number> {
  await staffScope(ctx, session);
  const table = TABLE[kind];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await ctx.database.db.transaction().execute(async (trx) => {
        if (wanted !== undefined && (await q.idTaken(trx, table, wanted))) {
          throw badRequest('categories.idTaken', 'id');
        }
        const id = wanted ?? (await q.nextId(trx, table));
        await audit(trx, session, kind, 'create', id, await insert(trx, id));
        return id;
      });
    } catch (error) {
      if (wanted !== undefined || attempt >= 2 || (error as { code?: string }).code !== '23505') throw error;
    }
  }
}

export function createDocumentCategory(ctx: AppContext, session: Session, body: DocumentCreate) {
  return create(ctx, session, 'document', body.id, async (trx, id) => {
    const row = { name: body.name, name_en: body.nameEn || body.name };
    if (await q.nameTaken(trx, 'document_categories', row.name))
      throw badRequest('catalogue.nameTaken', 'name');
    await q.insertDocumentCategory(trx, { id, ...row });
    return { name: row.name, nameEn: row.name_en };
  });
}

export function createOutcomeCategory(ctx: AppContext, session: Session, body: OutcomeCreate) {
  return create(ctx, session, 'outcome', body.id, async (trx, id) => {
    const row = { name: body.name, name_en: body.nameEn || body.name, direction: body.direction };
    if (await q.nameTaken(trx, 'outcome_categories', row.name))
      throw badRequest('catalogue.nameTaken', 'name');
    await q.insertOutcomeCategory(trx, { id, ...row });
    return { name: row.name, nameEn: row.name_en, direction: row.direction };
  });
}

/** Renames a document category: its documents show the new names, since they join the category. */
export async function updateDocumentCategory(
  ctx: AppContext,
  session: Session,
  id: number,
  body: DocumentFields,
): Promise<number> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = await q.lockDocumentCategory(trx, id);
    if (!current) throw notFound();
    const row = { name: body.name, name_en: body.nameEn || body.name };
    if (await q.nameTaken(trx, 'document_categories', row.name, id)) {
      throw badRequest('catalogue.nameTaken', 'name');
    }
    await q.updateDocumentCategory(trx, id, row);
    await audit(trx, session, 'document', 'update', id, {
      name: row.name,
      changes: changesOf(
        { name: current.name, nameEn: current.name_en },
        { name: row.name, nameEn: row.name_en },
      ),
    });
    return id;
  });
}

/** Renames an income-expense category or corrects its direction: its rows move to the other tab with it. */
export async function updateOutcomeCategory(
  ctx: AppContext,
  session: Session,
  id: number,
  body: OutcomeFields,
): Promise<number> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = await q.lockOutcomeCategory(trx, id);
    if (!current) throw notFound();
    const row = { name: body.name, name_en: body.nameEn || body.name, direction: body.direction };
    if (await q.nameTaken(trx, 'outcome_categories', row.name, id)) {
      throw badRequest('catalogue.nameTaken', 'name');
    }
    await q.updateOutcomeCategory(trx, id, row);
    await audit(trx, session, 'outcome', 'update', id, {
      name: row.name,
      changes: changesOf(
        { name: current.name, nameEn: current.name_en, direction: current.direction },
        { name: row.name, nameEn: row.name_en, direction: row.direction },
      ),
    });
    return id;
  });
}

const lock = (trx: Executor, kind: CategoryKind, id: number) =>
  kind === 'document' ? q.lockDocumentCategory(trx, id) : q.lockOutcomeCategory(trx, id);

/** Archives a category (no longer offered) or brings it back; what carries it is untouched either way. */
export async function setCategoryArchived(
  ctx: AppContext,
  session: Session,
  kind: CategoryKind,
  id: number,
  archived: boolean,
): Promise<number> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = await lock(trx, kind, id);
    if (!current) throw notFound();
    await q.setArchived(trx, TABLE[kind], id, archived);
    await audit(trx, session, kind, archived ? 'archive' : 'restore', id, {
      name: current.name,
      changes: changesOf({ archived: current.archived_at !== null }, { archived }),
    });
    return id;
  });
}

/** Deletes a category nothing carries; one in use answers 409 (archive it instead). */
export async function deleteCategory(
  ctx: AppContext,
  session: Session,
  kind: CategoryKind,
  id: number,
): Promise<{ success: true }> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = await lock(trx, kind, id);
    if (!current) throw notFound();
    if (await q.inUse(trx, TABLE[kind], id)) throw conflict('categories.inUse', 'id');
    await q.deleteCategory(trx, TABLE[kind], id);
    await audit(trx, session, kind, 'delete', id, { name: current.name, nameEn: current.name_en });
    return { success: true as const };
  });
}
