import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dates and times are Moscow's and "today" is the portal's (spec: months and days are Moscow's): a date shown to a
 * user goes through shared/format.ts, and "now" comes from shared/clock.ts, which follows the server's pinned date.
 * The browser's own formatting, calendar and clock answer in its time zone and on its day, so they stay in the shared
 * files that turn them into Moscow's.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const HOMES = new Set(['shared/format.ts', 'shared/time.ts', 'shared/clock.ts']);

/**
 * Files that measure real time, never show or compute a date, and may read the real clock; elsewhere a span of real
 * time is measured with performance.now().
 */
const REAL_CLOCK = new Map([
  // Success banners and the code resend's countdown run for seconds of real time, whatever day the portal is on.
  ['shared/ui/timed.ts', ['Date.now()']],
]);

const RULES: Array<{ name: string; pattern: RegExp; use: string }> = [
  {
    name: 'Intl.DateTimeFormat',
    pattern: /\bIntl\.DateTimeFormat\b/,
    use: 'a formatter of shared/format.ts',
  },
  {
    name: 'toLocale…String()',
    pattern: /\.toLocale(Date|Time)?String\(/,
    use: 'a formatter of shared/format.ts',
  },
  {
    name: "the browser's calendar",
    pattern: /\.(get|set)(FullYear|Month|Date|Day|Hours)\(/,
    use: 'shared/time.ts or the months of @portal/contract/periods',
  },
  {
    name: 'new Date(year, month, …)',
    pattern: /\bnew Date\(\s*[\w.]+\s*,/,
    use: 'pickedMonth() of shared/time.ts or a yyyy-mm-dd day',
  },
  { name: 'new Date()', pattern: /\bnew Date\(\s*\)/, use: 'now() or todayIso() of shared/clock.ts' },
  {
    name: 'Date.now()',
    pattern: /\bDate\.now\(\)/,
    use: 'nowMs() of shared/clock.ts, or performance.now() for a span',
  },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(SRC, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    // src/test holds the tests' set-up, which is no part of the pages.
    if (entry.isDirectory()) return relative === 'test' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The code of a line, without a comment that starts it or follows it (a URL's `//` is kept). */
const codeOf = (line: string) => (/^\s*(\*|\/\*|\/\/)/.test(line) ? '' : line.replace(/(?<!:)\/\/.*$/, ''));

/** Where a file formats dates or reads the clock itself: 'file:line: what — use instead'. */
function breaches(file: string, text: string): string[] {
  if (HOMES.has(file)) return [];
  const allowed = REAL_CLOCK.get(file) ?? [];
  return text.split('\n').flatMap((line, index) => {
    const code = codeOf(line);
    return RULES.filter((rule) => rule.pattern.test(code) && !allowed.includes(rule.name)).map(
      (rule) => `${file}:${index + 1}: ${rule.name} — use ${rule.use}: ${line.trim()}`,
    );
  });
}

describe('dates and times', () => {
  it('finds each way of formatting a date or reading the clock outside the shared files', () => {
    const sample = [
      "const a = new Intl.DateTimeFormat('ru-RU');",
      "const b = new Date(value).toLocaleString('ru-RU');",
      "const c = new Date().toLocaleDateString('sv-SE');",
      'const d = date.getMonth() + 1;',
      'start.setHours(0, 0, 0, 0);',
      'const e = Date.now();',
      "const f = new Date('2026-11-26');",
      'const h = new Date(2022, 0, 1);',
      '// new Date() in a comment',
      'const g = nowMs(); // not Date.now()',
    ].join('\n');
    expect(breaches('features/sample.tsx', sample).map((found) => found.split(': ')[0])).toEqual([
      'features/sample.tsx:1',
      'features/sample.tsx:2',
      'features/sample.tsx:3',
      'features/sample.tsx:3',
      'features/sample.tsx:4',
      'features/sample.tsx:5',
      'features/sample.tsx:6',
      'features/sample.tsx:8',
    ]);
    expect(breaches('shared/format.ts', sample)).toEqual([]);
    expect(breaches('shared/ui/timed.ts', 'const at = Date.now();')).toEqual([]);
  });

  it('are formatted in shared/format.ts and read from shared/clock.ts, nowhere else', () => {
    const files = sourceFiles('');
    // The walk reaches the sources, so an empty answer below is not a walk that saw nothing.
    expect(files).toContain('shared/format.ts');
    expect(files).toContain('app/layout/footer.tsx');
    expect(files.some((file) => file.startsWith('features/backoffice/'))).toBe(true);
    const found = files.flatMap((file) => breaches(file, readFileSync(path.join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
