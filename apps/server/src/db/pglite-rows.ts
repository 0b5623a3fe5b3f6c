import { type Results, types } from '@electric-sql/pglite';

/**
 * The rows of one statement's answer, read straight from PostgreSQL's wire messages as PGlite returns them. PGlite's
 * own reader copies every field's bytes into a new buffer before decoding it, which cost a read of a few dozen rows
 * more than PGlite's run of the statement (docs/performance.md); this one decodes each field where it lies. The
 * values go through PGlite's type parsers, so a row is what `pglite.query` gives.
 *
 * It reads the messages a statement without side effects answers with: parse/bind complete, the row description,
 * data rows, no data, command complete, notices (ignored, as PGlite does without a handler) and ready-for-query.
 * Anything else (an error above all) returns undefined: the caller hands the bytes to PGlite's reader instead.
 */
export function readRows<T>(bytes: Uint8Array, parsers: Record<number, unknown>): Results<T> | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let names: string[] = [];
  let typeIds: number[] = [];
  let fields: Results<T>['fields'] = [];
  const rows: T[] = [];
  let affectedRows = 0;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    const end = offset + 1 + view.getUint32(offset + 1);
    let position = offset + 5;
    switch (type) {
      case ROW_DESCRIPTION: {
        const count = view.getInt16(position);
        position += 2;
        names = new Array(count);
        typeIds = new Array(count);
        for (let i = 0; i < count; i++) {
          const nameEnd = bytes.indexOf(0, position);
          names[i] = decoder.decode(bytes.subarray(position, nameEnd));
          // After the name: table oid (4), column number (2), type oid (4), type size (2), modifier (4), format (2).
          typeIds[i] = view.getInt32(nameEnd + 7);
          position = nameEnd + 19;
        }
        fields = names.map((name, i) => ({ name, dataTypeID: typeIds[i] as number }));
        break;
      }
      case DATA_ROW: {
        const count = view.getInt16(position);
        position += 2;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) {
          const length = view.getInt32(position);
          position += 4;
          if (length < 0) {
            row[names[i] as string] = null;
            continue;
          }
          const text = decoder.decode(bytes.subarray(position, position + length));
          position += length;
          row[names[i] as string] = types.parseType(text, typeIds[i] as number, parsers as never);
        }
        rows.push(row as T);
        break;
      }
      case COMMAND_COMPLETE: {
        const words = decoder.decode(bytes.subarray(position, end - 1)).split(' ');
        const affected = Number.parseInt(words[words.length - 1] ?? '', 10);
        if (COUNTED_COMMANDS.has(words[0] ?? '') && !Number.isNaN(affected)) affectedRows += affected;
        break;
      }
      case PARSE_COMPLETE:
      case BIND_COMPLETE:
      case NO_DATA:
      case NOTICE:
      case READY_FOR_QUERY:
        break;
      default:
        return undefined;
    }
    offset = end;
  }
  return { rows, fields, affectedRows };
}

const decoder = new TextDecoder();

const PARSE_COMPLETE = 0x31; // '1'
const BIND_COMPLETE = 0x32; // '2'
const COMMAND_COMPLETE = 0x43; // 'C'
const DATA_ROW = 0x44; // 'D'
const NOTICE = 0x4e; // 'N'
const ROW_DESCRIPTION = 0x54; // 'T'
const READY_FOR_QUERY = 0x5a; // 'Z'
const NO_DATA = 0x6e; // 'n'

/** The commands whose completion PGlite adds to `affectedRows`. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
