import { HTML_RULES, isAllowedHtmlUrl } from '@portal/contract/html-rules';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

type SafeHtmlProps = { html: string; className?: string; 'data-testid'?: string };

/**
 * DOMPurify set up from the contract's HTML_RULES, the rules the server stores HTML by: the same elements (and the
 * same ones dropped with their content), attributes by element, URL test and rel on links. Its own instance, so
 * the hooks touch nothing else.
 */
let purifier: ReturnType<typeof DOMPurify> | undefined;
const config = {
  ALLOWED_TAGS: [...HTML_RULES.tags],
  ALLOWED_ATTR: [...new Set(Object.values(HTML_RULES.attributes).flat())],
  FORBID_CONTENTS: [...HTML_RULES.dropWithContent],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

function rulesPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  const urlAttributes: readonly string[] = HTML_RULES.urlAttributes;
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!(HTML_RULES.attributes[tag] ?? []).includes(data.attrName)) data.keepAttr = false;
    else if (urlAttributes.includes(data.attrName) && !isAllowedHtmlUrl(tag, data.attrValue))
      data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') node.setAttribute('rel', HTML_RULES.linkRel);
  });
  purifier = instance;
  return instance;
}

/** HTML as the server would store it, by the shared rules: what SafeHtml shows. */
export function sanitizeHtml(html: string): string {
  return rulesPurifier().sanitize(html, config);
}

/**
 * Shows HTML that came from the server (news, FAQ answers, report subtitles, document descriptions) and the
 * console's live preview of HTML typed by hand. The server sanitized stored HTML by the same rules; it is
 * sanitized again here so a bad row in the database cannot run script, and so the preview is what will be stored.
 */
export function SafeHtml({ html, className, ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className}
      data-testid={rest['data-testid']}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
