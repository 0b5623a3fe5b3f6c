import { LENDER_TIMELINE_LOCATION_IDS, WHOLE_LOCATION_TAB_ID } from '@portal/contract/constants';

/** A tab of the timeline and reports pages (spec: Entities and their fields 'Timeline tab'). */
export type TimelineTab = {
  /** 1488 for the whole location, the unit link's id for a unit, the location id for a lender's tab. */
  id: number;
  /** null: the page names it (the whole location, or a lender location still loading). */
  label: string | null;
  labelEn: string | null;
  /** The unit whose reports the tab shows; null for a location's reports. */
  reportUnitId: number | null;
  /** The location whose timeline or reports the tab shows. */
  locationId: number;
};

/** An investor's tabs: the whole location first, then the user's units of the location. */
export function investorTabs(
  locationId: number,
  units: Array<{
    unitId: number;
    userUnitId: number;
    unitName: string;
    unitNameEn: string;
    locationId: number;
  }>,
): TimelineTab[] {
  return [
    { id: WHOLE_LOCATION_TAB_ID, label: null, labelEn: null, reportUnitId: null, locationId },
    ...units
      .filter((u) => u.locationId === locationId)
      .map((u) => ({
        id: u.userUnitId,
        label: u.unitName,
        labelEn: u.unitNameEn,
        reportUnitId: u.unitId,
        locationId,
      })),
  ];
}

/** A lender's fixed tabs: locations 1, 2 and 3 (spec: Screens and routes; Business constants and limits). */
export function lenderTabs(names: Map<number, { name: string; nameEn: string }>): TimelineTab[] {
  return LENDER_TIMELINE_LOCATION_IDS.map((id) => ({
    id,
    label: names.get(id)?.name ?? null,
    labelEn: names.get(id)?.nameEn ?? null,
    reportUnitId: null,
    locationId: id,
  }));
}

/** A lender's first tab: the stored one only if it is one of the fixed three, else the current location's, else 1. */
export function pickLenderTab(stored: number | null, currentLocationId: number | null): number {
  const fixed = LENDER_TIMELINE_LOCATION_IDS as readonly number[];
  if (stored !== null && fixed.includes(stored)) return stored;
  if (currentLocationId !== null && fixed.includes(currentLocationId)) return currentLocationId;
  return fixed[0] ?? 1;
}
