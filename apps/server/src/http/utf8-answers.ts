import { transcode } from 'node:buffer';
import type { FastifyInstance } from 'fastify';

/** Texts from this many characters are encoded through UTF-16 (utf8Of); shorter ones by Node's own encoder. */
const THROUGH_UTF16_FROM = 2048;

/**
 * A text's UTF-8 bytes. Node's own encoder (Buffer.from, Buffer.byteLength, a socket's write of a string) takes about
 * 2 ns a character of a string V8 keeps in two bytes a character, which any answer with a Cyrillic name is: 80 µs for
 * the 38 KB booking grid, and its length as much again. The string's UTF-16 bytes (a copy) converted by ICU take a
 * quarter of it. ICU refuses a lone surrogate, which neither JSON.stringify nor the database writes; such a text
 * goes through Node's encoder, which writes U+FFFD for it. Short texts too: the converter's set-up costs more.
 */
export function utf8Of(text: string): Buffer {
  if (text.length < THROUGH_UTF16_FROM) return Buffer.from(text);
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8');
  } catch {
    return Buffer.from(text);
  }
}

/**
 * onSend, after the hooks that read an answer as text (media-access.ts signs the addresses in it): a long text answer
 * goes on as its UTF-8 bytes (utf8Of), so its length, the answer cache, the compression and the socket take bytes
 * instead of each encoding the text again.
 */
export function registerUtf8Answers(app: FastifyInstance) {
  app.addHook('onSend', async (_request, _reply, payload) =>
    typeof payload === 'string' && payload.length >= THROUGH_UTF16_FROM ? utf8Of(payload) : payload,
  );
}
