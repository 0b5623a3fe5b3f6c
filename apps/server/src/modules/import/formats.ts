import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import type { MessageKey } from '@portal/contract/messages';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';

/** A file's rows as objects keyed by column name, from CSV (RFC 4180, first line the header) or a JSON array. */
export type RawRow = Record<string, unknown>;

export class FormatError extends Error {}

/** The file's bytes are neither UTF-8 nor windows-1251 text: `messageKey` names the problem for the user. */
export class EncodingError extends Error {
  readonly messageKey: MessageKey;
  constructor(messageKey: MessageKey) {
    super(messageKey);
    this.messageKey = messageKey;
  }
}

export type TextEncoding = 'utf-8' | 'windows-1251';

/** How far into the bytes the text starts (past a byte-order mark) and how it is decoded. */
export type DetectedEncoding = { encoding: TextEncoding; offset: number };

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const DECODE_SLICE = 64 * 1024;

/**
 * Characters a windows-1251 byte above 0x7F may stand for in a Russian spreadsheet's CSV: Cyrillic letters
 * (Russian, Ukrainian, Belarusian) and typographic signs. Anything else (the unassigned 0x98, other control
 * characters) says the file is in some other encoding, and guessing on would store garbage.
 */
const CP1251_TEXT =
  /[\u0400-\u045F\u0490\u0491\u00A0\u00A4\u00A6\u00A7\u00A9\u00AB-\u00AE\u00B0\u00B1\u00B5-\u00B7\u00BB\u2013\u2014\u2018-\u201A\u201C-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2116\u2122]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * UTF-8 (with or without a byte-order mark) or windows-1251 (what Excel saves as "CSV" in a Russian Windows).
 * UTF-16 and binary files, and bytes that are Cyrillic text in neither, are refused: decoding them anyway would
 * store U+FFFD or mojibake.
 */
export function detectEncoding(data: Buffer): DetectedEncoding {
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff))
    throw new EncodingError('import.encodingUtf16');
  const offset = UTF8_BOM.every((byte, index) => data[index] === byte) ? 3 : 0;
  if (data.includes(0)) throw new EncodingError('import.encoding');
  if (isUtf8(data.subarray(offset))) return { encoding: 'utf-8', offset };
  if (offset > 0) throw new EncodingError('import.encoding');
  // Not UTF-8: every byte above 0x7F must be Cyrillic text in windows-1251.
  const decoder = new TextDecoder('windows-1251');
  for (let at = 0; at < data.length; at += DECODE_SLICE) {
    const text = decoder.decode(data.subarray(at, at + DECODE_SLICE));
    for (const char of text) {
      if (char.charCodeAt(0) < 0x80) continue;
      if (!CP1251_TEXT.test(char)) throw new EncodingError('import.encoding');
    }
  }
  return { encoding: 'windows-1251', offset: 0 };
}

/** The text of the bytes, decoded a slice at a time (the whole file is never one string). */
export async function* decodedText(data: Buffer, detected = detectEncoding(data)): AsyncGenerator<string> {
  const decoder = new TextDecoder(detected.encoding, { fatal: true });
  for (let at = detected.offset; at < data.length; at += DECODE_SLICE) {
    const text = decoder.decode(data.subarray(at, at + DECODE_SLICE), { stream: true });
    yield checkedText(text);
  }
  yield checkedText(decoder.decode());
}

/** The whole text (JSON needs it whole; the small files of the tests). */
export function decodeText(data: Buffer, detected = detectEncoding(data)): string {
  return checkedText(
    new TextDecoder(detected.encoding, { fatal: true }).decode(data.subarray(detected.offset)),
  );
}

function checkedText(text: string) {
  // U+FFFD in the text means a converter has already lost characters on the way: never store it.
  if (text.includes('\uFFFD') || CONTROL.test(text)) throw new EncodingError('import.encoding');
  return text;
}

/** The format of an upload: JSON if it says so or starts like JSON, else CSV. */
export function detectFormat(data: Buffer | string, contentType: string | undefined): 'csv' | 'json' {
  if (contentType?.includes('json')) return 'json';
  const head = (typeof data === 'string' ? data.slice(0, 1024) : data.subarray(0, 1024).toString('latin1'))
    .replace(/^(\u00ef\u00bb\u00bf|\ufeff)/, '')
    .trimStart();
  return head[0] === '[' || head[0] === '{' ? 'json' : 'csv';
}

/** Commas, or semicolons when the header has more of them (as spreadsheets in Russian locales save CSV). */
function delimiterOf(headerLine: string) {
  return (headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

const CSV_OPTIONS = {
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  bom: true,
} as const;

function toRow(names: string[], record: string[]): RawRow {
  return Object.fromEntries(names.map((name, index) => [name, record[index] ?? '']));
}

function headerNames(header: string[] | undefined) {
  if (!header || header.length === 0 || header.every((cell) => cell.trim() === ''))
    throw new FormatError('no header');
  return header.map((name) => name.trim());
}

function jsonRows(text: string): RawRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FormatError('not JSON');
  }
  const rows = Array.isArray(value) ? value : (value as { rows?: unknown })?.rows;
  if (
    !Array.isArray(rows) ||
    rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))
  ) {
    throw new FormatError('JSON must be an array of objects');
  }
  return rows as RawRow[];
}

/**
 * The rows of an uploaded file, as a stream that can be read more than once (the import checks every row, then
 * writes them): CSV is decoded a slice at a time and parsed by csv-parse as it goes, so only the file's bytes and
 * the rows in flight are held; JSON is parsed whole (a JSON file is an array, there is no row to stop at).
 */
export function fileRows(data: Buffer, format: 'csv' | 'json'): () => AsyncIterable<RawRow> {
  const detected = detectEncoding(data);
  if (format === 'json') {
    const rows = jsonRows(decodeText(data, detected));
    return async function* () {
      yield* rows;
    };
  }
  return async function* () {
    let names: string[] | undefined;
    const text = decodedText(data, detected);
    // The first slice settles the delimiter (from the header line) before the parser starts.
    const first = await text.next();
    const head = first.done ? '' : first.value;
    const firstLine = head.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
    const parser = Readable.from(
      (async function* () {
        yield head;
        yield* text;
      })(),
    ).pipe(parse({ ...CSV_OPTIONS, delimiter: delimiterOf(firstLine) }));
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        if (!names) {
          names = headerNames(record);
          continue;
        }
        yield toRow(names, record);
      }
    } catch (error) {
      if (error instanceof CsvError) throw new FormatError(error.message);
      throw error;
    }
    if (!names) throw new FormatError('no header');
  };
}

/** The rows of a whole text (the tests; the import itself reads `fileRows`). */
export function parseRows(text: string, format: 'csv' | 'json'): RawRow[] {
  if (format === 'json') return jsonRows(text);
  const records = parseCsv(text);
  const names = headerNames(records.shift());
  return records.map((record) => toRow(names, record));
}

/** RFC 4180: commas (or semicolons, as spreadsheets in Russian locales save), quotes doubled inside quotes. */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  try {
    return parseSync(text, { ...CSV_OPTIONS, delimiter: delimiterOf(firstLine) }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new FormatError(error.message);
    throw error;
  }
}
