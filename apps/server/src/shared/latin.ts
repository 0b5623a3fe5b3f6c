const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * Printable ASCII of a text (what the standard PDF fonts draw, and a download's fallback file name): Cyrillic is
 * transliterated, №, quotes and dashes take their ASCII look-alikes, anything else outside ASCII is dropped.
 */
export function latin(text: string): string {
  let out = '';
  for (const char of text) {
    const lower = char.toLowerCase();
    const mapped = TRANSLIT[lower];
    if (mapped !== undefined)
      out += char === lower ? mapped : mapped.charAt(0).toUpperCase() + mapped.slice(1);
    else if (char === '№') out += 'No.';
    else if (char === '«' || char === '»') out += '"';
    else if (char === '—' || char === '–') out += '-';
    else if (/^[\x20-\x7e]$/.test(char)) out += char;
  }
  return out;
}
