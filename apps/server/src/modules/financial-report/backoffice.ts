import {
  FINANCIAL_REPORT_MAX_BYTES,
  type FinancialReportResponse,
} from '@portal/contract/backoffice-financial-report';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { deleteStoredFiles, keepUpload, type SingleFile, typeByContent } from '../../http/uploaded-files.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { deleteUploads, insertUpload } from '../uploads/service.ts';
import * as q from './queries.ts';
import { currentReport } from './service.ts';

/**
 * The one current interim financial report. The company uploads a PDF (checked by content, at most 20 MB) and the
 * owners' browsers draw its pages with pdf.js, so the server needs no PDF tools; the demo's row points at the
 * generated page images. Replacing or removing it is audited and the old file leaves the store.
 */
export const REPORT_FILES_DIR = 'financial-report';
export const REPORT_UPLOAD_KIND = 'financial-report';

export async function staffReport(ctx: AppContext, session: Session) {
  await staffScope(ctx, session);
  return currentReport(ctx);
}

/** POST backoffice/financial-report: the PDF (streamed into the store) becomes the current report, replacing the last. */
export async function replaceReport(
  ctx: AppContext,
  session: Session,
  file: SingleFile,
): Promise<FinancialReportResponse> {
  const oldKeys = await keepUpload(ctx, file, async () => {
    await staffScope(ctx, session);
    const mime = await typeByContent(
      ctx.files,
      file,
      ['application/pdf'] as const,
      FINANCIAL_REPORT_MAX_BYTES,
      { type: 'upload.pdfType', size: 'upload.pdfSize' },
    );
    const title =
      (file.fields.title ?? '').trim().slice(0, 300) ||
      (file.name ?? '').split(/[\\/]/).pop()?.slice(0, 300) ||
      '';
    const { key, publicUrl } = file;
    return ctx.database.db.transaction().execute(async (trx) => {
      const before = await q.lockedReportRow(trx);
      const uploadId = await insertUpload(trx, {
        key,
        kind: REPORT_UPLOAD_KIND,
        mime,
        size: file.size,
        name: file.name,
      });
      const row = {
        kind: 'pdf' as const,
        upload_id: uploadId,
        public_url: publicUrl,
        page_count: null,
        title,
        updated_at: new Date(),
      };
      await q.saveReportRow(trx, row);
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: before ? 'content.financialReport.replace' : 'content.financialReport.upload',
        entity: 'financial_report',
        entityId: uploadId,
        details: {
          title,
          sizeBytes: file.size,
          previous: before?.kind ?? null,
          ...(before && { changes: changesOf({ title: before.title }, { title }) }),
        },
      });
      return deleteUploads(trx, before?.upload_id ? [Number(before.upload_id)] : []);
    });
  });
  await deleteStoredFiles(ctx, oldKeys);
  return currentReport(ctx);
}

/** DELETE backoffice/financial-report: owners see the 'no report yet' state again; 404 when there is none. */
export async function removeReport(ctx: AppContext, session: Session): Promise<void> {
  await staffScope(ctx, session);
  const keys = await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await q.deleteReportRow(trx);
    if (!gone) throw notFound();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.financialReport.remove',
      entity: 'financial_report',
      entityId: gone.upload_id ?? null,
      details: { title: gone.title, kind: gone.kind },
    });
    return deleteUploads(trx, gone.upload_id ? [Number(gone.upload_id)] : []);
  });
  await deleteStoredFiles(ctx, keys);
}
