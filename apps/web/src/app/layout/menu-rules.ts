import { DEMO_PROFILE_ID, type RoleCode } from '@portal/contract/constants';
import type { UserLocation } from '@portal/contract/profile';

/**
 * The side and personal menus by role and location, as the spec gives them (Screens and routes; Roles and permissions).
 */

export type MenuState = 'active' | 'inactive' | 'soon';
export type SideMenuItem = {
  key: string;
  path: string;
  labelKey: string;
  state: MenuState;
  /** Why an item is inactive (i18n key). */
  tooltipKey?: string;
};

type Context = {
  role: RoleCode;
  location: Pick<UserLocation, 'existsMain' | 'existsPeriphery'> | null;
  profileId: number;
};

const NO_ASSETS = 'menu.unavailableNoAssets';
const AGREEMENT = 'menu.unavailableAgreement';
const LENDERS = 'menu.unavailableLenders';

export function sideMenu({ role, location, profileId }: Context): SideMenuItem[] {
  const investor = role === 'INVESTOR';
  // The demo profile has units everywhere: nothing is inactive for want of assets.
  const demo = profileId === DEMO_PROFILE_ID;
  const hasMain = demo || Boolean(location?.existsMain);
  const hasPeriphery = demo || Boolean(location?.existsPeriphery);
  const item = (
    key: string,
    path: string,
    labelKey: string,
    state: MenuState = 'active',
    tooltipKey?: string,
  ): SideMenuItem =>
    tooltipKey ? { key, path, labelKey, state, tooltipKey } : { key, path, labelKey, state };
  const byAssets = (key: string, path: string, labelKey: string, has: boolean, lenderTooltip: string) =>
    !investor
      ? item(key, path, labelKey, 'inactive', lenderTooltip)
      : has
        ? item(key, path, labelKey)
        : item(key, path, labelKey, 'inactive', NO_ASSETS);
  return [
    item('main', '/dashboard/', 'menu.main'),
    item('income', '/dashboard/income/', 'menu.income'),
    item('timeline', '/dashboard/timeline/', 'menu.timeline'),
    item('reports', '/dashboard/reports/', 'menu.reports'),
    byAssets('booking', '/dashboard/booking/', 'menu.booking', hasMain, LENDERS),
    byAssets(
      'bookingPeriphery',
      '/dashboard/booking-periphery/',
      'menu.bookingPeriphery',
      hasPeriphery,
      LENDERS,
    ),
    byAssets('outcome', '/dashboard/outcome/', 'menu.outcome', hasMain, AGREEMENT),
    byAssets(
      'outcomePeriphery',
      '/dashboard/outcome-periphery/',
      'menu.outcomePeriphery',
      hasPeriphery,
      AGREEMENT,
    ),
    investor
      ? item('cameras', '/dashboard/cameras', 'menu.cameras')
      : item('cameras', '/dashboard/cameras', 'menu.cameras', 'soon', 'menu.soon'),
    investor
      ? item('control', '/dashboard/control/', 'menu.control')
      : item('control', '/dashboard/control/', 'menu.control', 'inactive', AGREEMENT),
    investor
      ? item('inventory', '/inventory/', 'menu.inventory')
      : item('inventory', '/inventory/', 'menu.inventory', 'inactive', AGREEMENT),
  ];
}

export type PersonalMenuItem = { key: string; path: string; labelKey: string };

/** Investors (and anyone with more than one role) get the full personal menu; lenders documents and settings. */
export function personalMenu(roles: RoleCode[]): PersonalMenuItem[] {
  const full = roles.includes('INVESTOR') || roles.length > 1;
  const settings = { key: 'settings', path: '/profile/', labelKey: 'layout.settings' };
  const documents = { key: 'documents', path: '/documents/', labelKey: 'layout.documents' };
  if (!full) return [documents, settings];
  return [
    settings,
    { key: 'assets', path: '/units/', labelKey: 'layout.assets' },
    documents,
    { key: 'news', path: '/news/', labelKey: 'layout.news' },
    { key: 'promo', path: '/promo/', labelKey: 'layout.promo' },
    { key: 'faq', path: '/faq/', labelKey: 'layout.faq' },
  ];
}

/** The header's links (news, promo, FAQ), shown to every role. */
export const HEADER_LINKS: PersonalMenuItem[] = [
  { key: 'news', path: '/news/', labelKey: 'layout.news' },
  { key: 'promo', path: '/promo/', labelKey: 'layout.promo' },
  { key: 'faq', path: '/faq/', labelKey: 'layout.faq' },
];

/**
 * The burger menu (768 px and below) replaces the header's links too: the personal menu, then the header links it
 * lacks, so a lender still reaches news, promo and FAQ on a phone.
 */
export function burgerLinks(roles: RoleCode[]): PersonalMenuItem[] {
  const personal = personalMenu(roles);
  return [...personal, ...HEADER_LINKS.filter((link) => !personal.some((item) => item.key === link.key))];
}

/** Pages that show nothing by the current location: no location tabs there. */
const PAGES_WITHOUT_LOCATION = [
  '/documents/',
  '/units/',
  '/news/',
  '/promo/',
  '/faq/',
  '/profile/',
  '/notifications/',
  '/dashboard/report-2024/',
];
/** Pages where lenders choose among tabs of their own (booking locations, fixed timeline tabs): one row only. */
const LENDER_OWN_TABS = [
  '/dashboard/booking/',
  '/dashboard/booking-periphery/',
  '/dashboard/timeline/',
  '/dashboard/reports/',
];

/** Whether the layout shows the location tabs (the dropdown at 768 px and below) above this page. */
export function showsLocationTabs(pathname: string, role: RoleCode): boolean {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (PAGES_WITHOUT_LOCATION.includes(path)) return false;
  return !(role !== 'INVESTOR' && LENDER_OWN_TABS.includes(path));
}
