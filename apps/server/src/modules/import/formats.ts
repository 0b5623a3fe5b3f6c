import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import type { MessageKey } from '@portal/contract/messages';
import { JSONParser } from '@streamparser/json';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { type CodePage, detectCodePage, ENCODING_NAMES, utf16Order } from './code-pages.ts';

/** A file's rows as objects keyed by column name, from CSV (RFC 4180, first line the header) or a JSON array. */
export type RawRow = Record<string, unknown>;

/** The file is not the CSV or JSON it should be: `messageKey` names the problem for the user. */
export class FormatError extends Error {
  readonly messageKey: MessageKey;
  constructor(reason: string, messageKey: MessageKey = 'import.format') {
    super(reason);
    this.messageKey = messageKey;
  }
}

/**
 * The file's bytes are not text the import can read for sure: `messageKey` names the problem for the user and
 * `params` the encoding found (`{encoding}`) or the ones it may be (`{encodings}`).
 */
export class EncodingError extends Error {
  readonly messageKey: MessageKey;
  readonly params: Record<string, string>;
  constructor(messageKey: MessageKey, params: Record<string, string> = {}) {
    super(messageKey);
    this.messageKey = messageKey;
    this.params = params;
  }
}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | CodePage;

/** How far into the bytes the text starts (past a byte-order mark) and how it is decoded. */
export type DetectedEncoding = { encoding: TextEncoding; offset: number };

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const DECODE_SLICE = 64 * 1024;
/**
 * JSON is read in smaller slices: the streaming parser turns a slice into rows in one go, and 16 KB (about a
 * hundred rows) keeps that well under a millisecond or two of the event loop's time.
 */
const JSON_SLICE = 16 * 1024;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * UTF-8 (with or without a byte-order mark), UTF-16 (either byte order, with or without one), or one of the
 * Cyrillic code pages told apart by the text they make (code-pages.ts): windows-1251 (what Excel saves as "CSV" in
 * a Russian Windows), KOI8-R, CP866, ISO-8859-5, MacCyrillic. UTF-32, binary files, and bytes whose code page the
 * text does not tell for sure are refused: decoding them anyway would store U+FFFD or mojibake.
 */
export function detectEncoding(data: Buffer): DetectedEncoding {
  if (
    (data[0] === 0xff && data[1] === 0xfe && data[2] === 0 && data[3] === 0) ||
    (data[0] === 0 && data[1] === 0 && data[2] === 0xfe && data[3] === 0xff)
  )
    throw new EncodingError('import.encodingUnsupported', { encoding: 'UTF-32' });
  if (data[0] === 0xff && data[1] === 0xfe) return { encoding: 'utf-16le', offset: 2 };
  if (data[0] === 0xfe && data[1] === 0xff) return { encoding: 'utf-16be', offset: 2 };
  const offset = UTF8_BOM.every((byte, index) => data[index] === byte) ? 3 : 0;
  if (data.includes(0)) {
    const order = offset === 0 ? utf16Order(data) : null;
    if (order) return { encoding: order, offset: 0 };
    throw new EncodingError('import.encoding');
  }
  if (isUtf8(data.subarray(offset))) return { encoding: 'utf-8', offset };
  if (offset > 0) throw new EncodingError('import.encoding');
  const verdict = detectCodePage(data);
  if ('codePage' in verdict) return { encoding: verdict.codePage, offset: 0 };
  if ('unclear' in verdict)
    throw new EncodingError('import.encodingUnclear', {
      encodings: verdict.unclear.map((codePage) => ENCODING_NAMES[codePage]).join(', '),
    });
  throw new EncodingError('import.encoding');
}

/** The text of the bytes, decoded a slice at a time (the whole file is never one string). */
export async function* decodedText(
  data: Buffer,
  detected = detectEncoding(data),
  slice = DECODE_SLICE,
): AsyncGenerator<string> {
  if (detected.encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (let at = detected.offset; at < data.length; at += slice)
      yield checkedText(decoder.decode(data.subarray(at, at + slice), { stream: true }));
    yield checkedText(decoder.decode());
    return;
  }
  // UTF-16 slices may end inside a character: the decoder keeps the rest for the next slice.
  const decoder = iconv.getDecoder(detected.encoding, { stripBOM: false });
  for (let at = detected.offset; at < data.length; at += slice)
    yield checkedText(decoder.write(data.subarray(at, at + slice)));
  yield checkedText(decoder.end() ?? '');
}

function checkedText(text: string) {
  // U+FFFD in the text means a converter has already lost characters on the way (or a UTF-16 file is broken):
  // never store it.
  if (text.includes('\uFFFD') || CONTROL.test(text)) throw new EncodingError('import.encoding');
  return text;
}

/** The format of an upload: JSON if it says so or starts like JSON, else CSV. */
export function detectFormat(data: Buffer | string, contentType: string | undefined): 'csv' | 'json' {
  if (contentType?.includes('json')) return 'json';
  const head = (typeof data === 'string' ? data.slice(0, 1024) : data.subarray(0, 1024).toString('latin1'))
    // UTF-16 (its zero bytes and byte-order mark) looks like JSON too when it starts with a bracket.
    .replaceAll('\u0000', '')
    .replace(/^(\u00ef\u00bb\u00bf|\ufeff|\u00ff\u00fe|\u00fe\u00ff)/, '')
    .trimStart();
  return head[0] === '[' || head[0] === '{' ? 'json' : 'csv';
}

/**
 * Commas, or semicolons when the header has more of them outside quotes (as spreadsheets in Russian locales save
 * CSV: a quoted column name may hold either).
 */
export function delimiterOf(headerLine: string) {
  const bare = headerLine.replace(/"[^"]*("|$)/g, '');
  return (bare.match(/;/g)?.length ?? 0) > (bare.match(/,/g)?.length ?? 0) ? ';' : ',';
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

const notJson = () => new FormatError('not JSON', 'import.jsonSyntax');
const notRows = () => new FormatError('JSON must be an array of objects', 'import.jsonShape');
/** Characters a JSON value other than an array or object starts with (valid JSON, but not rows). */
const JSON_SCALAR_START = /^["\-0-9tfn]/;

/**
 * A JSON array of objects, or `{ "rows": [...] }`, read a piece of text at a time by @streamparser/json: `write`
 * returns the rows the piece completed, and the parser forgets each one as it hands it over (`keepStack: false`),
 * so only the rows in flight are held, never the document. Refused (FormatError, each with its message): text that
 * is not JSON (`import.jsonSyntax`), JSON cut short (`import.jsonEnd`), JSON that is not an array of objects
 * (`import.jsonShape`). Nothing before the first non-blank character (an empty file) means no rows.
 */
export class JsonRowReader {
  #parser: JSONParser | undefined;
  /** The document is `{ "rows": [...] }` rather than the array itself. */
  #wrapped = false;
  #rowsFound = false;
  #rows: RawRow[] = [];

  write(text: string): RawRow[] {
    if (!this.#parser) {
      const start = text.trimStart()[0];
      if (start === undefined) return [];
      this.#parser = this.#open(start);
    }
    try {
      this.#parser.write(text);
    } catch (error) {
      throw error instanceof FormatError ? error : notJson();
    }
    return this.#take();
  }

  /** The rows left at the end of the text; refuses a document that is not complete. */
  end(): RawRow[] {
    const parser = this.#parser;
    if (!parser) return [];
    if (!parser.isEnded) {
      try {
        parser.end();
      } catch {
        throw new FormatError('JSON cut short', 'import.jsonEnd');
      }
      if (!parser.isEnded) throw new FormatError('JSON cut short', 'import.jsonEnd');
    }
    if (this.#wrapped && !this.#rowsFound) throw notRows();
    return this.#take();
  }

  #take() {
    const rows = this.#rows;
    this.#rows = [];
    return rows;
  }

  #row(value: unknown) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw notRows();
    this.#rows.push(value as RawRow);
  }

  #open(start: string) {
    if (start === '[') {
      const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
      parser.onValue = ({ value }) => this.#row(value);
      return parser;
    }
    if (start === '{') {
      this.#wrapped = true;
      const parser = new JSONParser({ paths: ['$.rows.*', '$.rows'], keepStack: false });
      parser.onValue = ({ value, parent, stack }) => {
        if (stack.length > 1) {
          if (!Array.isArray(parent)) throw notRows();
          this.#row(value);
          return;
        }
        // `rows` itself, once its elements are out: it must be an array, and there must be one of it.
        if (!Array.isArray(value) || this.#rowsFound) throw notRows();
        this.#rowsFound = true;
      };
      return parser;
    }
    throw JSON_SCALAR_START.test(start) ? notRows() : notJson();
  }
}

/**
 * The rows of an uploaded file, as a stream that can be read more than once (the import checks every row, then
 * writes them): the file is decoded a slice at a time and parsed as it goes, CSV by csv-parse and JSON by
 * JsonRowReader, so only the file's bytes and the rows in flight are held.
 */
export function fileRows(data: Buffer, format: 'csv' | 'json'): () => AsyncIterable<RawRow> {
  const detected = detectEncoding(data);
  if (format === 'json') {
    return async function* () {
      const reader = new JsonRowReader();
      for await (const text of decodedText(data, detected, JSON_SLICE)) yield* reader.write(text);
      yield* reader.end();
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
  if (format === 'json') {
    const reader = new JsonRowReader();
    return [...reader.write(text.replace(/^\ufeff/, '')), ...reader.end()];
  }
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
