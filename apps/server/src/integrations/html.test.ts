import { HTML_RULE_EXAMPLES } from '@portal/contract/html-rules-examples';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';

describe('sanitizeHtml', () => {
  it('keeps formatting, lists and links', () => {
    expect(sanitizeHtml('<p>Итоги <b>месяца</b></p><ul><li>один</li></ul>')).toBe(
      '<p>Итоги <b>месяца</b></p><ul><li>один</li></ul>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">ссылка</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ссылка</a>',
    );
  });

  it('drops scripts, event handlers, styles and javascript: URLs', () => {
    expect(sanitizeHtml('<p onclick="steal()">текст</p><script>alert(1)</script>')).toBe('<p>текст</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>')).toBe(
      '<img src="x" />',
    );
    expect(sanitizeHtml('<style>body{}</style><span style="color:red">красный</span>')).toBe(
      '<span>красный</span>',
    );
  });

  // The web's SafeHtml test checks DOMPurify against the same examples: preview = stored = shown.
  it.each(HTML_RULE_EXAMPLES)('stores what the shared HTML rules say: $name', ({ input, output }) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});
