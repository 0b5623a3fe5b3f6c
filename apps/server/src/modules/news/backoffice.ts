import type { StaffNewsEntry, staffNewsBodySchema } from '@portal/contract/backoffice-content';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import { portalNow } from '../../shared/clock.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { notifyOwnersWithRoles } from '../notifications/service.ts';
import * as q from './queries.ts';

/**
 * The console's news: content is the company's, not a client's, so every manager and admin may write it. HTML is
 * sanitized here, when stored; every change is in the audit log.
 */
type NewsFields = z.output<typeof staffNewsBodySchema>;

const LIST_LIMIT = 200;

export async function staffNews(ctx: AppContext, session: Session): Promise<StaffNewsEntry[]> {
  await staffScope(ctx, session);
  const rows = await q.newsRows(ctx.database.db, LIST_LIMIT);
  return rows.map((row) => ({
    id: Number(row.id),
    forInvestors: row.for_investors,
    forLenders: row.for_lenders,
    tag: row.tag,
    tagEn: row.tag_en,
    title: row.title,
    titleEn: row.title_en,
    content: row.content,
    contentEn: row.content_en,
    imageUrl: row.image_url,
    publishedAt: row.published_at.toISOString(),
    isPublished: row.is_published,
  }));
}

/** `now`: the portal's date, which a news item without its own is published on. */
const newsRow = (body: NewsFields, now: Date) => ({
  for_investors: body.forInvestors,
  for_lenders: body.forLenders,
  tag: body.tag,
  tag_en: body.tagEn || body.tag,
  title: body.title,
  title_en: body.titleEn || body.title,
  content: sanitizeHtml(body.content),
  content_en: sanitizeHtml(body.contentEn || body.content),
  image_url: body.imageUrl ?? null,
  published_at: body.publishedAt ?? now.toISOString(),
  is_published: body.isPublished,
});

/** A news item's fields as the audit log compares them, from its stored or written row. */
const newsFields = (
  row: Omit<ReturnType<typeof newsRow>, 'published_at'> & { published_at: Date | string },
) => ({
  forInvestors: row.for_investors,
  forLenders: row.for_lenders,
  tag: row.tag,
  tagEn: row.tag_en,
  title: row.title,
  titleEn: row.title_en,
  content: row.content,
  contentEn: row.content_en,
  imageUrl: row.image_url,
  publishedAt: new Date(row.published_at).toISOString(),
  isPublished: row.is_published,
});

/** Creates (id undefined) or updates a news item; another id answers 404. */
export async function saveNews(
  ctx: AppContext,
  session: Session,
  id: number | undefined,
  body: NewsFields,
): Promise<number> {
  await staffScope(ctx, session);
  const saved = await ctx.database.db.transaction().execute(async (trx) => {
    const current = id === undefined ? undefined : await q.lockNewsRow(trx, id);
    if (id !== undefined && !current) throw notFound();
    const row = newsRow(body, portalNow(ctx.config.portalToday));
    const savedId = await q.saveNewsRow(trx, id, row);
    if (savedId === undefined) throw notFound();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: `content.news.${id === undefined ? 'create' : 'update'}`,
      entity: 'news',
      entityId: savedId,
      details: {
        title: body.title,
        forInvestors: body.forInvestors,
        forLenders: body.forLenders,
        isPublished: body.isPublished,
        ...(current && { changes: changesOf(newsFields(current), newsFields(row)) }),
      },
    });
    // Published (now or by this change): its readers are told once, whatever the later edits.
    if (row.is_published) {
      const roles = [
        ...(row.for_investors ? (['INVESTOR'] as const) : []),
        ...(row.for_lenders ? (['LENDER'] as const) : []),
      ];
      await notifyOwnersWithRoles(trx, roles, {
        kind: 'news',
        eventKey: `news:${savedId}`,
        params: { newsId: Number(savedId), title: row.title, titleEn: row.title_en },
        link: '/news/',
      });
    }
    return Number(savedId);
  });
  ctx.outbox.nudge();
  return saved;
}

export async function deleteNews(ctx: AppContext, session: Session, id: number): Promise<void> {
  await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await q.deleteNewsRow(trx, id);
    if (!gone) throw notFound();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.news.delete',
      entity: 'news',
      entityId: id,
      details: { title: gone.title },
    });
  });
}
