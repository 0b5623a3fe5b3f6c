import type { CompanySettings } from '@portal/contract/company-settings';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Footer } from './footer';

const SETTINGS: CompanySettings = {
  name: 'УК «Северный берег»',
  nameEn: '',
  investUrl: 'https://invest.north-shore.test',
  hotelsUrl: '',
  schemeUrl: '',
  privacyUrl: '/privacy-policy.pdf',
  supportPhone: '+7 800 555-35-35',
  supportEmail: 'help@north-shore.test',
  reportTitle: '',
  reportTitleEn: '',
  statementDay: 5,
};

describe('footer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the company's links and contacts from its settings, an empty link not at all", async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/company-settings')
        ? new Response(JSON.stringify(SETTINGS), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404 }),
    );
    await renderWithProviders(<Footer />);
    expect(await screen.findByRole('link', { name: 'Инвестиционный сайт' })).toHaveAttribute(
      'href',
      'https://invest.north-shore.test',
    );
    expect(screen.getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute(
      'href',
      '/privacy-policy.pdf',
    );
    expect(screen.queryByRole('link', { name: 'Сайт сети отелей' })).toBeNull();
    expect(screen.getByRole('link', { name: '+7 800 555-35-35' })).toHaveAttribute(
      'href',
      'tel:+78005553535',
    );
    expect(screen.getByRole('link', { name: 'help@north-shore.test' })).toHaveAttribute(
      'href',
      'mailto:help@north-shore.test',
    );
    expect(screen.getByText(/УК «Северный берег»\. Все права защищены\./)).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('example.com');
  });
});
