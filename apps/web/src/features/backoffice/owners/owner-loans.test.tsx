import type { OwnerDetail } from '@portal/contract/backoffice';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OwnerLoans } from './owner-loans';

const loan = (id: number, locationNameEn: string) => ({
  id,
  locationId: id,
  locationName: `Локация ${id}`,
  locationNameEn,
  amount: 3_000_000,
  issuedAt: '2024-02-01',
  termYearMonth: 202702,
  ratePercent: 18,
});
const OWNER = { id: 5, loans: [loan(1, 'Lake Shore'), loan(2, '')] } as OwnerDetail;

describe("an owner's loans in the console", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the location in English in the English console, in Russian where it has no English name', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ locations: [], units: [], managers: [], sources: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await renderWithProviders(<OwnerLoans owner={OWNER} />, { language: 'en' });
    expect(await screen.findByText('Lake Shore')).toBeInTheDocument();
    expect(screen.queryByText('Локация 1')).toBeNull();
    expect(screen.getByText('Локация 2')).toBeInTheDocument();
  });

  it('names it in Russian in the Russian console', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }));
    await renderWithProviders(<OwnerLoans owner={OWNER} />);
    expect(await screen.findByText('Локация 1')).toBeInTheDocument();
    expect(screen.queryByText('Lake Shore')).toBeNull();
  });
});
