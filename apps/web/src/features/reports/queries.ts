import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import type { TimelineTab } from '../../shared/timeline/timeline-tabs';

/** A tab's reports: its unit's, or its location's. Role and location are in the key: both reload the page. */
export function useTabReports(tab: TimelineTab | null, role: string) {
  return useQuery({
    queryKey: ['reports', role, tab?.locationId, tab?.reportUnitId ?? null],
    queryFn: () =>
      tab?.reportUnitId
        ? call('GET /timeline/report/unit', { query: { unitId: tab.reportUnitId } })
        : call('GET /timeline/report/location', { query: { locationId: tab?.locationId } }),
    enabled: tab !== null,
  });
}
