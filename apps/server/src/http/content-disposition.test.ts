import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

/** The name a client that reads filename* (RFC 5987) saves the file under. */
const utf8Name = (header: string) => decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '');

describe('contentDisposition', () => {
  it('gives the ASCII name as the fallback and the real name in UTF-8', () => {
    const header = contentDisposition('доходы-1.xlsx', 'income-1.xlsx');
    expect(header).toBe(
      'attachment; filename="income-1.xlsx"; filename*=UTF-8\'\'%D0%B4%D0%BE%D1%85%D0%BE%D0%B4%D1%8B-1.xlsx',
    );
    expect(utf8Name(header)).toBe('доходы-1.xlsx');
  });

  it('transliterates a Cyrillic name when no ASCII name is given', () => {
    const header = contentDisposition('Акт №5 «Приёмка».pdf');
    expect(header).toMatch(/^attachment; filename="Akt No\.5 Priemka\.pdf"; filename\*=UTF-8''/);
    expect(utf8Name(header)).toBe('Акт №5 «Приёмка».pdf');
  });

  it('keeps quotes, backslashes and line breaks out of the header', () => {
    const header = contentDisposition('a"b\\c\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="abcSet-Cookie: x\.pdf"; /);
    expect(utf8Name(header)).toBe('a"b\\c\r\nSet-Cookie: x.pdf');
  });

  it("percent-encodes what RFC 5987 does not allow bare, ' ( ) * included", () => {
    const header = contentDisposition("it's (1)*.pdf");
    expect(header).toContain("filename*=UTF-8''it%27s%20%281%29%2A.pdf");
    expect(utf8Name(header)).toBe("it's (1)*.pdf");
  });

  it('names a file with nothing to transliterate "download"', () => {
    expect(contentDisposition('文件.pdf')).toMatch(/^attachment; filename="download\.pdf"; /);
    expect(contentDisposition('文件')).toMatch(/^attachment; filename="download"; /);
  });
});
