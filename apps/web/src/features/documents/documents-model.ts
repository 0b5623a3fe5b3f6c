import type { Document } from '@portal/contract/documents';

/**
 * The date sort of the documents table (spec: Screens and routes): none, then newest first, then oldest first, then
 * none.
 */
export type DateSort = 'none' | 'desc' | 'asc';

export const nextDateSort = (sort: DateSort): DateSort =>
  sort === 'none' ? 'desc' : sort === 'desc' ? 'asc' : 'none';

export type DocumentFilters = { categoryId: number | null; locationId: number | null; unitId: number | null };

export const NO_FILTERS: DocumentFilters = { categoryId: null, locationId: null, unitId: null };

/** The location of a document: its own, else the location of its unit. */
export const locationIdOf = (d: Document) => d.location?.id ?? d.unit?.locationId ?? null;

/**
 * The user's own documents and their locations' in one list, newest first before any sort is chosen: each call
 * answers newest first, and the two lists one after the other looked unsorted.
 */
export function mergedDocuments(own: Document[], ofLocations: Document[]): Document[] {
  return [...own, ...ofLocations]
    .map((d, index) => ({ d, index }))
    .sort((a, b) => b.d.rawDate.localeCompare(a.d.rawDate) || a.index - b.index)
    .map(({ d }) => d);
}

/** The documents that pass the filters, sorted by date if asked (none: the server's order). */
export function visibleDocuments(docs: Document[], filters: DocumentFilters, sort: DateSort): Document[] {
  const list = docs.filter(
    (d) =>
      (filters.categoryId === null || d.category.id === filters.categoryId) &&
      (filters.locationId === null || locationIdOf(d) === filters.locationId) &&
      (filters.unitId === null || d.unit?.id === filters.unitId),
  );
  if (sort === 'none') return list;
  const sign = sort === 'desc' ? -1 : 1;
  // A stable sort: documents of one date keep the server's order.
  return list
    .map((d, index) => ({ d, index }))
    .sort((a, b) => sign * a.d.rawDate.localeCompare(b.d.rawDate) || a.index - b.index)
    .map(({ d }) => d);
}

type Option = { value: string; label: string };

/** Filter choices from the documents themselves: categories, locations and units that occur, by name. */
export function filterOptions(docs: Document[], en: boolean) {
  const categories = new Map<string, string>();
  const locations = new Map<string, string>();
  const units = new Map<string, string>();
  for (const d of docs) {
    categories.set(String(d.category.id), en ? d.category.nameEn : d.category.name);
    const locationId = locationIdOf(d);
    if (locationId !== null) {
      const name = d.location
        ? en
          ? (d.locationEn ?? d.location.name)
          : d.location.name
        : en
          ? (d.unit?.locationNameEn ?? '')
          : (d.unit?.locationName ?? '');
      locations.set(String(locationId), name);
    }
    if (d.unit) units.set(String(d.unit.id), en ? d.unit.nameEn : d.unit.name);
  }
  const sorted = (map: Map<string, string>): Option[] =>
    [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { categories: sorted(categories), locations: sorted(locations), units: sorted(units) };
}

/**
 * Which row actions a document offers (spec: Screens and routes): sign in the service or upload the signed copy, and
 * download.
 */
export function rowActions(d: Document, isDiadoc: boolean) {
  const toSign = d.kind === 'user' && d.status.id === 1;
  return {
    signInService: toSign && isDiadoc,
    uploadSigned: toSign && !isDiadoc,
    download: d.uploadsId !== null,
  };
}
