import { storage } from '../storage';

/**
 * Camera streams and the interim report's files are for signed-in users. The server signs their addresses
 * in its answers for ten minutes (`?st=…`), for `<video>`, `<img>` and Safari's native HLS, which cannot send a
 * header; players that can (hls.js, pdf.js) send the bearer header instead and use the address without the token,
 * so a refreshed answer does not restart them.
 */
export const SIGNED_MEDIA_PARAM = 'st';

/** Answers that hand out signed addresses are refetched before the signatures (ten minutes) run out. */
export const SIGNED_MEDIA_REFRESH_MS = 8 * 60 * 1000;

/** The address without its signature: for a player that sends the bearer header. */
export function withoutMediaToken(url: string): string {
  const [path, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.delete(SIGNED_MEDIA_PARAM);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : (path ?? url);
}

/** The Authorization header value of the signed-in user, if any. */
export function bearerHeader(): string | undefined {
  const token = storage.token();
  return token ? `Bearer ${token}` : undefined;
}
