import { createRequire } from 'node:module';
import { HTML_RULES, isAllowedHtmlUrl } from '@portal/contract/html-rules';
import type sanitizeModule from 'sanitize-html';

/**
 * The HTML that news, FAQ answers, report subtitles and document descriptions may keep is the contract's
 * HTML_RULES (the web shows and previews it by the same rules): text formatting, lists, headings, links and images
 * over http(s). Everything else (scripts, styles, event handlers, iframes, javascript: URLs) is dropped when the
 * text is stored; the client sanitizes again when it shows it.
 */
const OPTIONS: sanitizeModule.IOptions = {
  allowedTags: [...HTML_RULES.tags],
  nonTextTags: [...HTML_RULES.dropWithContent],
  allowedAttributes: Object.fromEntries(
    Object.entries(HTML_RULES.attributes).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...HTML_RULES.schemes],
  allowedSchemesByTag: Object.fromEntries(
    Object.entries(HTML_RULES.schemesByTag).map(([tag, schemes]) => [tag, [...schemes]]),
  ),
  allowedSchemesAppliedToAttributes: [...HTML_RULES.urlAttributes],
  allowProtocolRelative: false,
  transformTags: {
    // The URL test the web applies too, and the rel every link gets.
    '*': (tagName, attribs) => {
      const kept = { ...attribs };
      for (const name of HTML_RULES.urlAttributes) {
        const url = kept[name];
        if (url !== undefined && !isAllowedHtmlUrl(tagName, url)) delete kept[name];
      }
      if (tagName === 'a') kept.rel = HTML_RULES.linkRel;
      return { tagName, attribs: kept };
    },
  },
};

/** sanitize-html is loaded on the first use, not at start-up; it is CommonJS, so synchronously. */
let run: typeof sanitizeModule | undefined;

export function sanitizeHtml(html: string): string {
  run ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeModule;
  return run(html, OPTIONS).trim();
}
