import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CODE_PAGES, detectCodePage } from './code-pages.ts';

const TEXTS = [
  'Кресло Ёлка тест',
  'ИВАНОВ ИВАН ИВАНОВИЧ;150000,50',
  'Иванов Иван Иванович;1 250 000,00;Москва',
  'ФИО;Сумма\r\nПетров П.П.;100\r\nСидорова А.В.;200,5',
  'Юрий Ёжиков; Эдуард Щукин',
  'Съешь же ещё этих мягких французских булок, да выпей чаю',
  'Щука',
  // A non-breaking space between thousands is the only byte above 0x7F (Excel's number format).
  'userId;unitId;month;amount\r\n1;7;10.2031;"42\u00a0955,33"',
];
/** Too short to tell: every code page makes a letter or two of them. */
const SHORT = ['Да', 'Я', 'я', 'ЭЮЯ', 'ЁЖ'];

describe('code pages told apart by the text', () => {
  it.each(CODE_PAGES)('reads realistic Russian text in %s right', (codePage) => {
    for (const text of TEXTS) {
      const verdict = detectCodePage(iconv.encode(text, codePage));
      // Upper-case CP866 and MacCyrillic are the same bytes: either reads the same text.
      if ('codePage' in verdict)
        expect(iconv.decode(iconv.encode(text, codePage), verdict.codePage)).toBe(text);
      else expect.unreachable(`${text} in ${codePage}: ${JSON.stringify(verdict)}`);
    }
  });

  it('never answers a wrong code page for a short file: it is read right or called unclear', () => {
    for (const codePage of CODE_PAGES)
      for (const text of [...SHORT, ...TEXTS]) {
        const bytes = iconv.encode(text, codePage);
        const verdict = detectCodePage(bytes);
        if ('codePage' in verdict) expect(iconv.decode(bytes, verdict.codePage)).toBe(text);
        else expect(verdict).toMatchObject({ unclear: expect.arrayContaining([expect.any(String)]) });
      }
    expect(detectCodePage(iconv.encode('Я', 'koi8-r'))).toMatchObject({
      unclear: expect.arrayContaining(['koi8-r']),
    });
  });

  it('finds no code page in box-drawing signs and controls', () => {
    expect(detectCodePage(Buffer.from([0xc0, 0x98, 0xc1, 0xb3, 0x8f]))).toEqual({ unknown: true });
  });
});
