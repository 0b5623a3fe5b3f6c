import { HTML_RULE_EXAMPLES } from '@portal/contract/html-rules-examples';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html';

/** Markup as the browser reads it back, so the server's string and the web's compare by structure. */
function parsed(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  return template.innerHTML;
}

describe('SafeHtml', () => {
  it('shows formatting and drops script, handlers and javascript: links', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p>Новости <b>месяца</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">ссылка</a>'
        }
      />,
    );
    expect(container.querySelector('b')?.textContent).toBe('месяца');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href')).toBeNull();
  });

  // The server's sanitizeHtml test checks sanitize-html against the same examples: preview = stored = shown.
  it.each(HTML_RULE_EXAMPLES)('shows what the server stores: $name', ({ input, output }) => {
    expect(parsed(sanitizeHtml(input))).toBe(parsed(output));
  });

  it('shows stored HTML unchanged: sanitizing it again keeps it as it is', () => {
    for (const { output } of HTML_RULE_EXAMPLES) expect(parsed(sanitizeHtml(output))).toBe(parsed(output));
  });
});
