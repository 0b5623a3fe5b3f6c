import type { FaqItem } from '@portal/contract/faq';
import type { AppContext } from '../../context.ts';
import type { Session } from '../auth/sessions.ts';
import { createManagerRequest } from '../requests/service.ts';
import * as q from './queries.ts';

/** GET faq: the published questions, both languages; the answers were sanitized when stored. */
export async function listFaq(ctx: AppContext): Promise<FaqItem[]> {
  const rows = await q.publishedFaq(ctx.database.db);
  return rows.map((row) => ({
    id: Number(row.id),
    question: row.question,
    questionEn: row.question_en,
    answer: row.answer,
    answerEn: row.answer_en,
  }));
}

/** POST faq/send-question: the question goes to the user's manager as a request, by e-mail through the outbox. */
export async function sendQuestion(ctx: AppContext, session: Session, question: string): Promise<number> {
  const id = await ctx.database.db
    .transaction()
    .execute((trx) => createManagerRequest(ctx, trx, session.userId, 'faq_question', { question }));
  ctx.outbox.nudge();
  return id;
}
