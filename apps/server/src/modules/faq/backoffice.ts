import type { StaffFaqEntry, staffFaqBodySchema } from '@portal/contract/backoffice-content';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

/**
 * The console's FAQ: content is the company's, not a client's, so every manager and admin may write it. HTML is
 * sanitized here, when stored; every change is in the audit log.
 */
type FaqFields = z.output<typeof staffFaqBodySchema>;

export async function staffFaq(ctx: AppContext, session: Session): Promise<StaffFaqEntry[]> {
  await staffScope(ctx, session);
  const rows = await q.faqRows(ctx.database.db);
  return rows.map((row) => ({
    id: Number(row.id),
    position: row.position,
    question: row.question,
    questionEn: row.question_en,
    answer: row.answer,
    answerEn: row.answer_en,
    isPublished: row.is_published,
  }));
}

const faqRow = (body: FaqFields) => ({
  position: body.position,
  question: body.question,
  question_en: body.questionEn || body.question,
  answer: sanitizeHtml(body.answer),
  answer_en: sanitizeHtml(body.answerEn || body.answer),
  is_published: body.isPublished,
});

/** An FAQ entry's fields as the audit log compares them. */
const faqFields = (row: ReturnType<typeof faqRow>) => ({
  position: row.position,
  question: row.question,
  questionEn: row.question_en,
  answer: row.answer,
  answerEn: row.answer_en,
  isPublished: row.is_published,
});

/** Creates (id undefined) or updates an FAQ entry; another id answers 404. */
export async function saveFaq(
  ctx: AppContext,
  session: Session,
  id: number | undefined,
  body: FaqFields,
): Promise<number> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = id === undefined ? undefined : await q.lockFaqRow(trx, id);
    if (id !== undefined && !current) throw notFound();
    const row = faqRow(body);
    const savedId = await q.saveFaqRow(trx, id, row);
    if (savedId === undefined) throw notFound();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: `content.faq.${id === undefined ? 'create' : 'update'}`,
      entity: 'faq',
      entityId: savedId,
      details: {
        question: body.question,
        isPublished: body.isPublished,
        ...(current && { changes: changesOf(faqFields(current), faqFields(row)) }),
      },
    });
    return Number(savedId);
  });
}

export async function deleteFaq(ctx: AppContext, session: Session, id: number): Promise<void> {
  await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await q.deleteFaqRow(trx, id);
    if (!gone) throw notFound();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.faq.delete',
      entity: 'faq',
      entityId: id,
      details: { question: gone.question },
    });
  });
}
