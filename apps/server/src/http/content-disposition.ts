import { latin } from '../shared/latin.ts';

/**
 * The Content-Disposition of every download (RFC 6266): `filename` is an ASCII fallback for old clients (the
 * ASCII name given, else the name transliterated, without quotes or backslashes), `filename*` the real name in
 * UTF-8 after RFC 5987 (only its attr-chars stay as they are: ' ( ) * are percent-encoded as well).
 */
export function contentDisposition(fileName: string, asciiName?: string): string {
  let fallback = latin(asciiName ?? fileName)
    .replace(/["\\]/g, '')
    .trim();
  if (fallback === '' || fallback.startsWith('.')) fallback = `download${fallback}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
