import iconv from 'iconv-lite';

/**
 * Telling the Cyrillic single-byte code pages apart by the text they make. Every byte above 0x7F is a Cyrillic
 * letter in each of them, so any of them "decodes" any file; only the text says which one was meant. A file read
 * in the wrong code page turns Russian words into letters in impossible order and case (`Кресло` in KOI8-R read
 * as windows-1251 is `лТЕУМП`), into box-drawing signs (CP866) or into Serbian letters (ISO-8859-5). Each
 * candidate's text is scored by those signs; the best wins when it is clearly ahead of every other candidate that
 * reads differently, and a file too short or too odd to tell is refused rather than stored garbled.
 */

/** The code pages read, most common first (windows-1251 is what Russian Excel saves as "CSV"). */
export const CODE_PAGES = ['windows-1251', 'koi8-r', 'cp866', 'iso-8859-5', 'maccyrillic'] as const;
export type CodePage = (typeof CODE_PAGES)[number];

/** The names a user knows them by, in messages. */
export const ENCODING_NAMES: Record<CodePage | 'utf-16le' | 'utf-16be', string> = {
  'windows-1251': 'Windows-1251',
  'koi8-r': 'KOI8-R',
  cp866: 'CP866 (DOS)',
  'iso-8859-5': 'ISO-8859-5',
  maccyrillic: 'MacCyrillic',
  'utf-16le': 'UTF-16LE',
  'utf-16be': 'UTF-16BE',
};

/**
 * Letter pairs seen in Russian text (ё as е), from the portal's own Russian texts and names: a pair outside this
 * list is rare in Russian and common in text read in the wrong code page.
 */
const RUSSIAN_PAIRS = new Set(
  'абавагадаеажазаиайакаламанаоапарасатауафахацачашащаюаябабебибкблбнбобрбсбубщбъбыбэбявавввгвевзвивквлвмвнвовпврвсвтвувхвцвывьвягагггдгегигкглгмгнгогргудадвдгдддедждидкдлдмдндодпдрдсдтдудфдъдыдьдяеаебевегедееежезеиейекелеменеоепересетеуефехецечешещеюжажджежижкжмжнжужьзазвздзезжзизкзмзнзозрзузызьзяиаибивигидиеижизииийикилиминиоипириситифихицичишищиюияйдйкйлймйнйсйтйцйчйшкаквкекиккклкмкокпкркскткукэлалелжлилклнлолслтлулчлыльлюлямамбмвмемимкмлмммнмомпмумымянанвнгндненжнинкнннонснтнунфнцнчныньнюняобовогодоеожозоиойоколомонооопоросотоуофохоцочошощоэояпапепипкплпнпопппрпупыпярарвргрдрержриркрлрмрнрорпрррсртрурхршрырьрясасвсдсесискслсмснсоспсрссстсусхсчсысьсюсятатвтдтетитктлтмтнтотптртстттутчтытьтяуаубувугудуеужузуйукулумунупурусутухучушущуюфафефифлфофрфухахехихнхохрхфцацецицоцуцычачечичкчнчтчччьшашбшешишкшлшншоштшущащещищуъеыбывыгыдыеыйыкылымыныпырысытыхычышьбьгьеьзькьмьньсьтьцьшьюьяэкэлэнэтэшюбюдюиюлюнюрютючющююябявядяеяжязялямянятяхяцячяюяя'.match(
    /../g,
  ),
);

const RUSSIAN = /[а-яё]/;
/** Ukrainian and Belarusian letters: possible in a name, but a sign of the wrong code page when many. */
const NEIGHBOUR = /[іїєґў]/;
/** Serbian and Macedonian letters: what Russian text in another code page turns into, not a Russian file. */
const FOREIGN = /[ђѓјљњћќџѕ]/;
const LETTER = /[а-яёіїєґўђѓјљњћќџѕ]/i;
/** Quotes, dashes and spaces a Russian spreadsheet holds around words. */
const PUNCTUATION = new Set('«»–—“”„‘’‚…\u00A0');
/** Signs a file may hold, but never inside or against a word. */
const SIGNS = new Set('№€°±§©®™•');

const DIGIT = /[0-9]/;
const MARGIN = 6;
const WINDOWS_1251_PRIOR = 2;
/** Sampled for scoring: enough text to tell, without decoding a large file five times. */
const SAMPLE_BYTES = 256 * 1024;

/** Higher is more like Russian text; null when the text holds a character no Russian file holds. */
export function russianScore(text: string): number | null {
  let score = 0;
  let letters = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string;
    if (char.charCodeAt(0) < 0x80) continue;
    if (LETTER.test(char)) {
      letters += 1;
      const lower = char.toLowerCase();
      if (NEIGHBOUR.test(lower)) score -= 6;
      else if (FOREIGN.test(lower)) score -= 8;
      // A letter inside a number ("42а955") is a space or sign of another code page (CP866's а is 0xA0, NBSP).
      const digits = Number(DIGIT.test(text[at - 1] ?? '')) + Number(DIGIT.test(text[at + 1] ?? ''));
      score -= digits === 2 ? 8 : digits * 2;
      continue;
    }
    if (PUNCTUATION.has(char)) {
      score -= 1;
      continue;
    }
    if (SIGNS.has(char)) {
      score -= 2;
      if (LETTER.test(text[at - 1] ?? '') || LETTER.test(text[at + 1] ?? '')) score -= 8;
      continue;
    }
    return null;
  }
  for (const word of text.match(/[а-яёіїєґўђѓјљњћќџѕ]+/gi) ?? []) {
    const lower = word.toLowerCase().replaceAll('ё', 'е');
    if ('ьъы'.includes(lower[0] as string)) score -= 6;
    for (let at = 0; at + 1 < word.length; at += 1) {
      const here = word[at] as string;
      const next = word[at + 1] as string;
      // An upper-case letter after a lower-case one inside a word: KOI8-R read as another code page, and back.
      if (here !== here.toUpperCase() && next !== next.toLowerCase()) score -= 4;
      const pair = lower.slice(at, at + 2);
      if (RUSSIAN.test(pair[0] as string) && RUSSIAN.test(pair[1] as string) && !RUSSIAN_PAIRS.has(pair))
        score -= 3;
    }
  }
  // Text that is mostly odd signs and foreign letters is no Russian file in any code page.
  if (letters > 0 && score < -2 * letters) return null;
  return score;
}

export type CodePageVerdict = { codePage: CodePage } | { unclear: CodePage[] } | { unknown: true };

/** Which code page the bytes (not UTF-8, no zero bytes) are Russian text in, if the text tells. */
export function detectCodePage(data: Buffer): CodePageVerdict {
  const sample = data.subarray(0, SAMPLE_BYTES);
  const readings = CODE_PAGES.flatMap((codePage) => {
    const text = iconv.decode(sample, codePage);
    const score = russianScore(text);
    if (score === null) return [];
    return [{ codePage, text, score: score + (codePage === 'windows-1251' ? WINDOWS_1251_PRIOR : 0) }];
  }).sort((a, b) => b.score - a.score);
  const best = readings[0];
  if (!best) return { unknown: true };
  // Candidates that read the same text (upper-case CP866 and MacCyrillic) are the same answer.
  const rivals = readings.filter(
    (reading) => reading.text !== best.text && best.score - reading.score < MARGIN,
  );
  if (rivals.length > 0) return { unclear: [best.codePage, ...rivals.map((rival) => rival.codePage)] };
  return { codePage: best.codePage };
}

/** UTF-16 without a byte-order mark: nearly every other byte is 0x00 (Latin, digits) or 0x04 (Cyrillic). */
export function utf16Order(data: Buffer): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(data.length, 64 * 1024) / 2);
  if (pairs < 2) return null;
  let low = 0;
  let high = 0;
  let zeros = 0;
  for (let at = 0; at < pairs * 2; at += 2) {
    const first = data[at] as number;
    const second = data[at + 1] as number;
    if (second === 0 || second === 4) low += 1;
    if (first === 0 || first === 4) high += 1;
    if (first === 0 || second === 0) zeros += 1;
  }
  if (zeros === 0) return null;
  if (low >= pairs * 0.9 && high < pairs * 0.5) return 'utf-16le';
  if (high >= pairs * 0.9 && low < pairs * 0.5) return 'utf-16be';
  return null;
}
