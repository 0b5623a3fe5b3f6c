import { describe, expect, it } from 'vitest';
import { FormatError, fileRows, JsonRowReader, parseCsv, parseRows, type RawRow } from './formats.ts';

/** The message key of the FormatError `run` throws (undefined if it throws none). */
function formatProblem(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof FormatError) return error.messageKey;
    throw error;
  }
  return undefined;
}

async function collect(rows: AsyncIterable<RawRow>) {
  const out: RawRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('import formats', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",3\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', '3'],
    ]);
  });

  it('takes semicolons when the header uses them, as spreadsheets in Russian locales save CSV', () => {
    expect(parseRows('unitId;amount\n5;1200,50\n', 'csv')).toEqual([{ unitId: '5', amount: '1200,50' }]);
  });

  it('reads a JSON array or { rows } and refuses anything else', () => {
    expect(parseRows('[{"a":1}]', 'json')).toEqual([{ a: 1 }]);
    expect(parseRows('{"rows":[{"a":2}]}', 'json')).toEqual([{ a: 2 }]);
    expect(() => parseRows('{"a":1}', 'json')).toThrow(FormatError);
    expect(() => parseRows('[1,2]', 'json')).toThrow(FormatError);
    expect(() => parseRows('a,"b\n1,2', 'csv')).toThrow(FormatError);
  });

  it('reads JSON element by element, whatever the pieces it comes in', () => {
    const text = ' [ {"a":1,"b":"Ёлки «х» \\u0041\\ud83d\\ude00"}, {"c":[1,{"d":null}],"e":true} ,{}]\n';
    const expected = [{ a: 1, b: 'Ёлки «х» A😀' }, { c: [1, { d: null }], e: true }, {}];
    expect(parseRows(text, 'json')).toEqual(expected);
    // Cut at every position: a piece may end inside a key, a string, a number or an escape.
    for (let cut = 0; cut <= text.length; cut += 1) {
      const reader = new JsonRowReader();
      const rows = [...reader.write(text.slice(0, cut)), ...reader.write(text.slice(cut)), ...reader.end()];
      expect(rows, `cut at ${cut}`).toEqual(expected);
    }
    // A row is handed over as soon as it closes, before the rest of the document has arrived.
    const reader = new JsonRowReader();
    expect(reader.write('[{"a":1},{"b"')).toEqual([{ a: 1 }]);
    expect(reader.write(':2}]')).toEqual([{ b: 2 }]);
    expect(reader.end()).toEqual([]);
    // A "__proto__" key is a column like any other, not the row's prototype.
    const [row] = parseRows('[{"__proto__":{"polluted":1}}]', 'json');
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names what is wrong with a JSON file', () => {
    const json = (text: string) => formatProblem(() => parseRows(text, 'json'));
    expect(json('[{"a":1},{"a":2}')).toBe('import.jsonEnd');
    expect(json('[{"a":"ab')).toBe('import.jsonEnd');
    expect(json('{"rows":[{"a":1}')).toBe('import.jsonEnd');
    expect(json('[{"a":1} {"a":2}]')).toBe('import.jsonSyntax');
    expect(json('[{"a":1},]')).toBe('import.jsonSyntax');
    expect(json("[{'a':1}]")).toBe('import.jsonSyntax');
    expect(json('[{"a":tru}]')).toBe('import.jsonSyntax');
    expect(json('[{"a":1}] trailing')).toBe('import.jsonSyntax');
    expect(json('[{"a":1}][{"a":2}]')).toBe('import.jsonSyntax');
    expect(json('unitId,amount')).toBe('import.jsonSyntax');
    expect(json('[{"a":1},2]')).toBe('import.jsonShape');
    expect(json('[[1]]')).toBe('import.jsonShape');
    expect(json('{"a":1}')).toBe('import.jsonShape');
    expect(json('{"rows":{"x":{"a":1}}}')).toBe('import.jsonShape');
    expect(json('{"rows":5}')).toBe('import.jsonShape');
    expect(json('{"rows":[],"rows":[]}')).toBe('import.jsonShape');
    expect(json('"rows"')).toBe('import.jsonShape');
    expect(json('42')).toBe('import.jsonShape');
    // Blank or empty: no rows (the import answers 'The file has no rows'); blanks around the array are fine.
    expect(parseRows('', 'json')).toEqual([]);
    expect(parseRows(' \n\t', 'json')).toEqual([]);
    expect(parseRows('[]', 'json')).toEqual([]);
    expect(parseRows('\ufeff\r\n[{"a":1}]\r\n\r\n', 'json')).toEqual([{ a: 1 }]);
  });

  it('streams a JSON file from its bytes in either encoding, the rows before a broken tail included', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `Юнит №${i} «Ёлка»` }));
    const text = JSON.stringify(rows, null, 2);
    const decoder = new TextDecoder('windows-1251');
    const table = new Map<string, number>();
    for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(Uint8Array.of(byte)), byte);
    const cp1251 = Buffer.from([...text].map((char) => table.get(char) ?? 0));
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    for (const bytes of [Buffer.from(text), bom, cp1251]) {
      const read = fileRows(bytes, 'json');
      expect(await collect(read())).toEqual(rows);
      // Read again (the import checks the rows, then writes them): the same rows.
      expect((await collect(read())).length).toBe(rows.length);
    }
    // A file broken near its end: the rows of the slices before the break come out one by one before the error
    // does, which a parser of the whole document (JSON.parse) could not do.
    const broken = Buffer.from(`${text.slice(0, -2)},}]`);
    let seen = 0;
    await expect(
      (async () => {
        for await (const _ of fileRows(broken, 'json')()) seen += 1;
      })(),
    ).rejects.toMatchObject({ messageKey: 'import.jsonSyntax' });
    expect(seen).toBeGreaterThan(rows.length * 0.9);
    expect(seen).toBeLessThan(rows.length);
  });
});
