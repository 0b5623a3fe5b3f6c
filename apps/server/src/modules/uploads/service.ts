import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import * as q from './queries.ts';

/**
 * The uploads rows of the files the company uploads in the console (http/uploaded-files.ts stores the files): one
 * row a stored file, its type told by content, recorded in the transaction of the change that uses it.
 */

/** The uploads row of a stored file; the original name is kept without its folders, at most 200 characters. */
export async function insertUpload(
  db: Executor,
  file: { key: string; kind: string; mime: string; size: number; name: string | undefined },
): Promise<number> {
  return q.insertUploadRow(db, {
    storage_key: file.key,
    owner_user_id: null,
    kind: file.kind,
    mime_type: file.mime,
    size_bytes: file.size,
    original_name: (file.name ?? '').split(/[\\/]/).pop()?.slice(0, 200) || null,
  });
}

/** Deletes the uploads rows (their files are deleted by the caller once the transaction is done). */
export async function deleteUploads(db: Executor, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return q.deleteUploadRows(db, ids);
}

/** The type of the upload of `kind` stored under `key`; undefined when there is none. */
export async function uploadedFileType(
  ctx: AppContext,
  key: string,
  kind: string,
): Promise<string | undefined> {
  return q.mimeTypeOfUpload(ctx.database.db, key, kind);
}
