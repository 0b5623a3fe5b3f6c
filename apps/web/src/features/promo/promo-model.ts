import type { SaleLot } from '@portal/contract/promo';

/**
 * The three filters of the lots list; one at a time (spec: Screens and routes: single-select, reset when another is
 * chosen).
 */
export type FilterKind = 'location' | 'unitType' | 'unitState';
export type PromoFilter = { kind: FilterKind; value: string } | null;

/**
 * Choosing a value in one filter replaces whatever was chosen in the others; clearing the filter that holds the
 * choice (null) shows every lot again, clearing another one changes nothing.
 */
export function chooseFilter(current: PromoFilter, kind: FilterKind, value: string | null): PromoFilter {
  if (value === null) return current?.kind === kind ? null : current;
  return { kind, value };
}

/** The value a filter control shows: its own choice, or nothing once another filter took over. */
export function filterValue(current: PromoFilter, kind: FilterKind): string | null {
  return current?.kind === kind ? current.value : null;
}

export type LotState = 'operating' | 'building';

/** A lot's state label: operating once its launch date has come, building before (or without a date). */
export function lotState(lot: Pick<SaleLot, 'launchDate'>, today: string): LotState {
  return lot.launchDate !== null && lot.launchDate <= today ? 'operating' : 'building';
}

export function filterKey(lot: SaleLot, kind: FilterKind, today: string): string {
  if (kind === 'location') return String(lot.location_id);
  if (kind === 'unitType') return lot.part;
  return lotState(lot, today);
}

export function applyFilter(lots: SaleLot[], filter: PromoFilter, today: string): SaleLot[] {
  return filter ? lots.filter((lot) => filterKey(lot, filter.kind, today) === filter.value) : lots;
}

const LOCATION_COLOURS = ['teal', 'indigo', 'grape', 'cyan', 'lime', 'pink'];

/**
 * Label colours of a card (spec: Entities and their fields labelsObject): by location, by unit type (part) and by
 * state.
 */
export function labelColours(lot: Pick<SaleLot, 'location_id' | 'part' | 'launchDate'>, today: string) {
  return {
    location: LOCATION_COLOURS[lot.location_id % LOCATION_COLOURS.length] ?? 'teal',
    unitType: lot.part === 'main' ? 'blue' : 'violet',
    unitState: lotState(lot, today) === 'operating' ? 'green' : 'orange',
  };
}

/** The choices of each filter, from the lots present (locations in first-seen order). */
export function filterOptions(lots: SaleLot[], en: boolean) {
  const locations = new Map<string, string>();
  for (const lot of lots) locations.set(String(lot.location_id), en ? lot.locationEn : lot.location);
  return {
    location: [...locations].map(([value, label]) => ({ value, label })),
    unitType: ['main', 'periphery'].filter((part) => lots.some((l) => l.part === part)),
  };
}

/**
 * Which prices a lot card may show as a discount: the market price is struck only when the investor's
 * price (the bold one) is below it, and a discount price only when it lies between them (below the market price,
 * not below the investor's). A market price below the investor's price is shown plainly, never struck.
 */
export function priceMarks(lot: Pick<SaleLot, 'defaultPrice' | 'discountPrice' | 'price'>) {
  const market = lot.defaultPrice;
  const showDiscount =
    lot.discountPrice !== null && lot.discountPrice < market && lot.discountPrice >= lot.price;
  return { strikeMarket: lot.price < market, showDiscount };
}
