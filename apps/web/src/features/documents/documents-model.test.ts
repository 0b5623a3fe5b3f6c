import type { Document } from '@portal/contract/documents';
import { describe, expect, it } from 'vitest';
import { categoryColor } from '../../shared/ui/document-category';
import {
  filterOptions,
  mergedDocuments,
  nextDateSort,
  rowActions,
  visibleDocuments,
} from './documents-model';

const doc = (id: number, date: string, extra: Partial<Document> = {}): Document => ({
  id,
  kind: 'user',
  date,
  rawDate: `${date}T00:00:00.000Z`,
  createDate: `${date}T10:00:00.000Z`,
  category: { id: 2, name: 'Акт', nameEn: 'Act' },
  location: { id: 1, name: 'Сосны' },
  locationEn: 'Sosny',
  unit: null,
  docNum: null,
  number: null,
  description: '',
  descriptionEn: '',
  status: { id: 3, name: 'Подписан', nameEn: 'Signed' },
  uploadsId: id * 10,
  name: `${id}.pdf`,
  diadocUrl: null,
  signedUploadsId: null,
  returnComment: null,
  ...extra,
});

describe('the date sort', () => {
  it('cycles none, newest first, oldest first, none', () => {
    expect(nextDateSort('none')).toBe('desc');
    expect(nextDateSort('desc')).toBe('asc');
    expect(nextDateSort('asc')).toBe('none');
  });

  it('sorts by date and keeps the server order when none', () => {
    const docs = [doc(1, '2026-03-01'), doc(2, '2026-05-01'), doc(3, '2025-12-31'), doc(4, '2026-05-01')];
    const none = { categoryId: null, locationId: null, unitId: null };
    expect(visibleDocuments(docs, none, 'none').map((d) => d.id)).toEqual([1, 2, 3, 4]);
    expect(visibleDocuments(docs, none, 'desc').map((d) => d.id)).toEqual([2, 4, 1, 3]);
    expect(visibleDocuments(docs, none, 'asc').map((d) => d.id)).toEqual([3, 1, 2, 4]);
  });

  it("lists the user's and the locations' documents together newest first before any sort is chosen", () => {
    const own = [doc(1, '2026-05-01'), doc(2, '2025-01-10')];
    const ofLocations = [
      doc(3, '2026-06-01', { kind: 'location' }),
      doc(4, '2025-06-01', { kind: 'location' }),
    ];
    expect(mergedDocuments(own, ofLocations).map((d) => d.id)).toEqual([3, 1, 4, 2]);
  });
});

describe('filters and actions', () => {
  const unit = {
    id: 7,
    name: 'Баня №1',
    nameEn: 'Bath No. 1',
    unitNumber: '1507',
    locationId: 2,
    locationName: 'Берег',
    locationNameEn: 'Bereg',
  };
  const docs = [
    doc(1, '2026-01-01'),
    doc(2, '2026-01-02', {
      location: null,
      locationEn: null,
      unit,
      category: { id: 15, name: 'Отчёт', nameEn: 'Report' },
    }),
  ];

  it('filters by category, by location (a unit counts for its location) and by unit', () => {
    expect(
      visibleDocuments(docs, { categoryId: 15, locationId: null, unitId: null }, 'none').map((d) => d.id),
    ).toEqual([2]);
    expect(
      visibleDocuments(docs, { categoryId: null, locationId: 2, unitId: null }, 'none').map((d) => d.id),
    ).toEqual([2]);
    expect(visibleDocuments(docs, { categoryId: null, locationId: 1, unitId: 7 }, 'none')).toEqual([]);
    expect(filterOptions(docs, false)).toEqual({
      categories: [
        { value: '2', label: 'Акт' },
        { value: '15', label: 'Отчёт' },
      ],
      locations: [
        { value: '2', label: 'Берег' },
        { value: '1', label: 'Сосны' },
      ],
      units: [{ value: '7', label: 'Баня №1' }],
    });
  });

  it("colours the spec's categories and offers signing only for status 1", () => {
    expect(categoryColor(34534)).not.toBe('gray');
    expect(categoryColor(999)).toBe('gray');
    const toSign = doc(3, '2026-01-03', { status: { id: 1, name: '', nameEn: '' } });
    expect(rowActions(toSign, true)).toEqual({ signInService: true, uploadSigned: false, download: true });
    expect(rowActions(toSign, false)).toEqual({ signInService: false, uploadSigned: true, download: true });
    expect(rowActions(doc(4, '2026-01-04'), false)).toEqual({
      signInService: false,
      uploadSigned: false,
      download: true,
    });
    expect(rowActions({ ...toSign, kind: 'location' }, false).uploadSigned).toBe(false);
  });
});
