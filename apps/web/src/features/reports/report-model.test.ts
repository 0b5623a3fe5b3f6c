import type { MediaReport } from '@portal/contract/reports';
import { describe, expect, it } from 'vitest';
import { sortReports, toReportView } from './report-model';

const report = (id: number, reportDate: string, uploads: MediaReport['uploads'] = []): MediaReport => ({
  id,
  reportDate,
  title: `Отчёт ${id}`,
  titleEn: `Report ${id}`,
  subtitle: '<p>x</p>',
  subtitleEn: '<p>x</p>',
  uploads,
});

describe('media reports', () => {
  it('takes the first picture as the cover and marks VIDEO uploads as videos', () => {
    const view = toReportView(
      report(1, '2026-10-05', [
        { publicUrl: '/v.mp4', mimeType: 'VIDEO' },
        { publicUrl: '/a.svg', mimeType: 'image/svg+xml' },
        { publicUrl: '/b.jpg', mimeType: 'image/jpeg' },
      ]),
    );
    expect(view.cover).toBe('/a.svg');
    expect(view.slides.map((s) => s.isVideo)).toEqual([true, false, false]);
    expect(view.filterDate).toBe(Date.UTC(2026, 9, 5));
    expect(
      toReportView(report(2, '2026-10-05', [{ publicUrl: '/v.mp4', mimeType: 'VIDEO' }])).cover,
    ).toBeNull();
  });

  it('sorts latest first (order 1) or earliest first (order 2) by filterDate', () => {
    const views = [
      report(1, '2026-08-05'),
      report(2, '2026-10-05'),
      report(3, '2026-09-05'),
      report(4, '2026-10-05'),
    ].map(toReportView);
    expect(sortReports(views, 1).map((r) => r.id)).toEqual([4, 2, 3, 1]);
    expect(sortReports(views, 2).map((r) => r.id)).toEqual([1, 3, 2, 4]);
    expect(views.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
