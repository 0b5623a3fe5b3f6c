/** A file's rows as objects keyed by column name, from CSV (RFC 4180, first line the header) or a JSON array. */
export type RawRow = Record<string, unknown>;

export class FormatError extends Error {}

export function parseRows(text: string, format: 'csv' | 'json'): RawRow[] {
  if (format === 'json') {
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
  const records = parseCsv(text);
  const header = records.shift();
  if (!header || header.length === 0 || header.every((cell) => cell === ''))
    throw new FormatError('no header');
  const names = header.map((name) => name.trim());
  return records
    .filter((record) => !(record.length === 1 && record[0] === ''))
    .map((record) => Object.fromEntries(names.map((name, index) => [name, record[index] ?? ''])));
}

/** The format of an upload: JSON if it says so or starts like JSON, else CSV. */
export function detectFormat(text: string, contentType: string | undefined): 'csv' | 'json' {
  if (contentType?.includes('json')) return 'json';
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

/** RFC 4180: commas (or semicolons, as spreadsheets in Russian locales save), quotes doubled inside quotes. */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (quoted) throw new FormatError('unclosed quote');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
