import { describe, expect, it } from 'vitest';
import { FormatError, parseCsv, parseRows } from './formats.ts';

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
});
