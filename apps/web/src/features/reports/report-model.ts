import {
  type MediaReport,
  REPORT_ORDER,
  type ReportOrderId,
  VIDEO_MIME_TYPE,
} from '@portal/contract/reports';

/** A photo or video of a report (spec: Entities and their fields 'Media slide'). */
export type MediaSlide = { id: number; url: string; isVideo: boolean; name: string };

/** A report as the page shows it (spec: Entities and their fields media report display). */
export type ReportView = {
  id: number;
  date: string;
  title: string;
  titleEn: string;
  subtitle: string;
  subtitleEn: string;
  /** The first picture; null when the report holds only videos. */
  cover: string | null;
  slides: MediaSlide[];
  /** What the order filter sorts by: the report date as a time. */
  filterDate: number;
};

export function toReportView(report: MediaReport): ReportView {
  const slides = report.uploads.map((u, index) => ({
    id: index,
    url: u.publicUrl,
    isVideo: u.mimeType === VIDEO_MIME_TYPE,
    name: `${report.title} ${index + 1}`,
  }));
  return {
    id: report.id,
    date: report.reportDate,
    title: report.title,
    titleEn: report.titleEn,
    subtitle: report.subtitle,
    subtitleEn: report.subtitleEn,
    cover: slides.find((s) => !s.isVideo)?.url ?? null,
    slides,
    filterDate: Date.parse(`${report.reportDate}T00:00:00Z`),
  };
}

/** Order 1 latest first, 2 earliest first; reports of one day keep a stable order by id. */
export function sortReports(reports: ReportView[], order: ReportOrderId): ReportView[] {
  const sign = order === REPORT_ORDER.earliest ? 1 : -1;
  return [...reports].sort((a, b) => sign * (a.filterDate - b.filterDate) || sign * (a.id - b.id));
}
