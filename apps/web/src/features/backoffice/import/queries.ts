import type { ImportKindCode, ImportReport } from '@portal/contract/backoffice';
import { upload } from '../../../shared/api/client';

/** Sends an import file with its upload progress; the answer is the server's report of the rows. */
export function uploadImport(
  kind: ImportKindCode,
  file: File,
  skipInvalid: boolean,
  onProgress: (percent: number) => void,
): Promise<ImportReport> {
  return upload(
    'POST /backoffice/import/:kind',
    { kind },
    file,
    onProgress,
    {
      'content-type': file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv',
      'x-file-name': encodeURIComponent(file.name),
    },
    { skipInvalid: skipInvalid ? 'true' : undefined },
  );
}
