import type { FinancialReportResponse } from '@portal/contract/backoffice-financial-report';
import { financialReportPageUrl } from '@portal/contract/financial-report';
import type { AppContext } from '../../context.ts';
import * as q from './queries.ts';

/** GET financial-report: every signed-in role; null while the company has published none. */
export async function currentReport(ctx: AppContext): Promise<FinancialReportResponse> {
  const row = await q.currentReportRow(ctx.database.db);
  if (!row) return { report: null };
  const updatedAt = new Date(row.updated_at).toISOString();
  if (row.kind === 'pages') {
    const count = row.page_count ?? 0;
    return {
      report: {
        kind: 'pages',
        pages: Array.from({ length: count }, (_, i) => financialReportPageUrl(i + 1)),
        title: row.title,
        updatedAt,
      },
    };
  }
  return { report: { kind: 'pdf', url: row.public_url ?? '', title: row.title, updatedAt } };
}
