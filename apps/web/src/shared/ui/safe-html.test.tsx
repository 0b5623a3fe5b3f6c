import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';

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
});
