import DOMPurify from 'dompurify';
import { useMemo } from 'react';

type SafeHtmlProps = { html: string; className?: string; 'data-testid'?: string };

/**
 * Shows HTML that came from the server (news, FAQ answers, report subtitles, document descriptions). The server
 * sanitized it when it was stored; it is sanitized again here so a bad row in the database cannot run script.
 */
export function SafeHtml({ html, className, ...rest }: SafeHtmlProps) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] }),
    [html],
  );
  return (
    <div
      className={className}
      data-testid={rest['data-testid']}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
