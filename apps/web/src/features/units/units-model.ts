import type { ActiveUnit } from '@portal/contract/profile';

/** The yield with exactly two decimals, in the page's language (14,50% / 14.50%). */
export function formatYield(value: number, locale: 'ru' | 'en'): string {
  return `${new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value)}%`;
}

/**
 * 'Sell asset' shows only while the unit earns and is not on sale; 'remove from sale' while it is (spec: States and
 * transitions).
 */
export function saleAction(
  unit: Pick<ActiveUnit, 'is_sale' | 'last_month_income'>,
): 'sell' | 'remove' | null {
  if (unit.is_sale) return 'remove';
  return unit.last_month_income > 0 ? 'sell' : null;
}

/** A price the sell dialog may send: a number above 0 (spec: Validation rules). */
export function validPrice(value: number | string | null | undefined): number | null {
  const price = typeof value === 'string' ? Number(value.replace(/\s/g, '').replace(',', '.')) : value;
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : null;
}

export type UnitGroup = {
  locationId: number;
  name: string;
  nameEn: string;
  units: Array<{ unit: ActiveUnit; index: number }>;
};

/**
 * Cards by location, in the server's order. Each card keeps its index in the whole list: the anchor unit_{index}
 * that the layout's units list links to.
 */
export function groupByLocation(units: ActiveUnit[]): UnitGroup[] {
  const groups: UnitGroup[] = [];
  units.forEach((unit, index) => {
    let group = groups.find((g) => g.locationId === unit.locationId);
    if (!group) {
      group = {
        locationId: unit.locationId,
        name: unit.locationName,
        nameEn: unit.locationNameEn,
        units: [],
      };
      groups.push(group);
    }
    group.units.push({ unit, index });
  });
  return groups;
}
