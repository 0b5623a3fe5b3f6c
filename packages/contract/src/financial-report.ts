/** The interim financial report page (spec document 2, §2 and §9): fifteen page images stacked. */
export const FINANCIAL_REPORT_PAGES = 15;

/** Where the server serves page n (1-based) of the report. */
export const financialReportPageUrl = (page: number) => `/api/v1/media/report-2024/page-${page}.svg`;
