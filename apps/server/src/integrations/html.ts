import { createRequire } from 'node:module';
import type sanitizeModule from 'sanitize-html';

/**
 * The HTML that news, FAQ answers, report subtitles and document descriptions may keep: text formatting, lists,
 * headings, links and images over http(s). Everything else (scripts, styles, event handlers, iframes,
 * javascript: URLs) is dropped when the text is stored; the client sanitizes again when it shows it.
 */
const OPTIONS: sanitizeModule.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

/** sanitize-html is loaded on the first use, not at start-up (issue 16); it is CommonJS, so synchronously. */
let sanitize: { run: typeof sanitizeModule; options: sanitizeModule.IOptions } | undefined;

export function sanitizeHtml(html: string): string {
  if (!sanitize) {
    const run = createRequire(import.meta.url)('sanitize-html') as typeof sanitizeModule;
    sanitize = {
      run,
      options: {
        ...OPTIONS,
        transformTags: {
          // A link that opens a new tab must not hand the portal's window to the other site.
          a: run.simpleTransform('a', { rel: 'noopener noreferrer' }),
        },
      },
    };
  }
  return sanitize.run(html, sanitize.options).trim();
}
