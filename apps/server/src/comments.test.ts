import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments say why in words a reader of the repository can follow: a spec section by its title, never a tracker's
 * issue number or a section number that only the spec's own numbering explains.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps', 'packages', 'e2e'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|sql|html)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'assets', 'public', 'coverage']);
const OPAQUE_REFERENCE = /\b[Ii]ssue \d+|§\s?\d/;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/**
 * The comment text of each line (empty where the line has none), by a line scan that is enough for this check: block
 * comments across lines, and a line comment that is not part of a URL (`https://`). SQL's `--` and HTML's `<!--` too.
 */
function commentsOf(file: string, text: string): string[] {
  const lineComment = file.endsWith('.sql')
    ? /--|\/\*/
    : file.endsWith('.html')
      ? /<!--|\/\*|(?<!:)\/\//
      : /\/\*|(?<!:)\/\//;
  let inBlock = false;
  return text.split('\n').map((line) => {
    if (inBlock) {
      const end = line.indexOf('*/') === -1 ? line.indexOf('-->') : line.indexOf('*/');
      if (end === -1) return line;
      inBlock = false;
      return line.slice(0, end);
    }
    const start = line.search(lineComment);
    if (start === -1) return '';
    const comment = line.slice(start);
    if (
      (comment.startsWith('/*') && !comment.includes('*/')) ||
      (comment.startsWith('<!--') && !comment.includes('-->'))
    ) {
      inBlock = true;
    }
    return comment;
  });
}

describe('comments', () => {
  it('reads a comment where a scan of lines can find it', () => {
    const sample = [
      'const a = 1; // see the sp' + 'ec §' + '9',
      '/**',
      ' * Iss' + 'ue 16: why',
      ' */',
      "const url = 'https://x';",
    ];
    expect(
      commentsOf('sample.ts', sample.join('\n')).map((comment) => OPAQUE_REFERENCE.test(comment)),
    ).toEqual([true, false, true, false, false]);
  });

  it('name no issue numbers and no spec section numbers', () => {
    const files = SCANNED.flatMap(sourceFiles);
    // The walk reaches the sources, so an empty answer below is not a walk that saw nothing.
    expect(files).toContain('apps/server/src/comments.test.ts');
    expect(files).toContain('packages/contract/src/routes.ts');
    const found = files.flatMap((file) =>
      commentsOf(file, readFileSync(path.join(ROOT, file), 'utf8')).flatMap((comment, index) =>
        OPAQUE_REFERENCE.test(comment) ? [`${file}:${index + 1}: ${comment.trim()}`] : [],
      ),
    );
    expect(found).toEqual([]);
  });
});
