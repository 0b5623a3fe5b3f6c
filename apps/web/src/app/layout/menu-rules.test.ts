import { describe, expect, it } from 'vitest';
import { burgerLinks, personalMenu, showsLocationTabs, sideMenu } from './menu-rules';

const full = { existsMain: true, existsPeriphery: true };
const stateOf = (items: ReturnType<typeof sideMenu>) =>
  Object.fromEntries(items.map((i) => [i.key, i.tooltipKey ? `${i.state}:${i.tooltipKey}` : i.state]));

describe('side menu', () => {
  it('gives an investor every section of a location with both parts', () => {
    const items = sideMenu({ role: 'INVESTOR', location: full, profileId: 1 });
    expect(items.map((i) => i.key)).toEqual([
      'main',
      'income',
      'timeline',
      'reports',
      'booking',
      'bookingPeriphery',
      'outcome',
      'outcomePeriphery',
      'cameras',
      'control',
      'inventory',
    ]);
    expect(items.every((i) => i.state === 'active')).toBe(true);
  });

  it('makes the outbuilding sections inactive where the location has no periphery, with the no-assets tooltip', () => {
    const states = stateOf(
      sideMenu({ role: 'INVESTOR', location: { existsMain: true, existsPeriphery: false }, profileId: 1 }),
    );
    expect(states.outcomePeriphery).toBe('inactive:menu.unavailableNoAssets');
    expect(states.bookingPeriphery).toBe('inactive:menu.unavailableNoAssets');
    expect(states.outcome).toBe('active');
  });

  it("reduces the lender's menu: bookings unavailable for lenders, agreement-only sections, cameras soon", () => {
    const states = stateOf(sideMenu({ role: 'LENDER', location: full, profileId: 2 }));
    expect(states).toMatchObject({
      main: 'active',
      income: 'active',
      timeline: 'active',
      reports: 'active',
      booking: 'inactive:menu.unavailableLenders',
      bookingPeriphery: 'inactive:menu.unavailableLenders',
      outcome: 'inactive:menu.unavailableAgreement',
      outcomePeriphery: 'inactive:menu.unavailableAgreement',
      cameras: 'soon:menu.soon',
      control: 'inactive:menu.unavailableAgreement',
      inventory: 'inactive:menu.unavailableAgreement',
    });
  });

  it('lets the demo profile open the sections that its locations would lack', () => {
    const states = stateOf(
      sideMenu({ role: 'INVESTOR', location: { existsMain: true, existsPeriphery: false }, profileId: 1223 }),
    );
    expect(states.outcomePeriphery).toBe('active');
  });
});

describe('personal menu', () => {
  it('gives investors settings, assets, documents, news, promo and faq', () => {
    expect(personalMenu(['INVESTOR']).map((i) => i.key)).toEqual([
      'settings',
      'assets',
      'documents',
      'news',
      'promo',
      'faq',
    ]);
  });
  it('gives lenders only documents and settings', () => {
    expect(personalMenu(['LENDER']).map((i) => i.key)).toEqual(['documents', 'settings']);
  });
  it('gives a user with both roles the investor menu', () => {
    expect(personalMenu(['LENDER', 'INVESTOR']).map((i) => i.key)).toContain('assets');
  });
});

describe('burger menu', () => {
  it("keeps the header's news, promo and FAQ links for a lender on a phone", () => {
    expect(burgerLinks(['LENDER']).map((i) => i.key)).toEqual([
      'documents',
      'settings',
      'news',
      'promo',
      'faq',
    ]);
  });

  it("adds nothing twice to an investor's menu, which has them already", () => {
    expect(burgerLinks(['INVESTOR']).map((i) => i.key)).toEqual([
      'settings',
      'assets',
      'documents',
      'news',
      'promo',
      'faq',
    ]);
  });
});

describe('location tabs', () => {
  it('stay off the pages that ignore the location', () => {
    for (const path of [
      '/documents/',
      '/units/',
      '/news/',
      '/promo/',
      '/faq/',
      '/profile/',
      '/dashboard/report-2024',
    ])
      expect(showsLocationTabs(path, 'INVESTOR')).toBe(false);
    expect(showsLocationTabs('/dashboard/', 'INVESTOR')).toBe(true);
    expect(showsLocationTabs('/dashboard/booking/', 'INVESTOR')).toBe(true);
  });

  it('give lenders one row of tabs on bookings and timeline: their own', () => {
    expect(showsLocationTabs('/dashboard/booking/', 'LENDER')).toBe(false);
    expect(showsLocationTabs('/dashboard/timeline/', 'LENDER')).toBe(false);
    expect(showsLocationTabs('/dashboard/income/', 'LENDER')).toBe(true);
  });
});
