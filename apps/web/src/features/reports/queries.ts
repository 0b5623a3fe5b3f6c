import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';
import type { TimelineTab } from '../../shared/timeline/timeline-tabs';

/** A tab's reports: its unit's, or its location's. Role and location are in the key: both reload the page. */
export function useTabReports(tab: TimelineTab | null, role: string) {
  const route = tab?.reportUnitId ? 'GET /timeline/report/unit' : 'GET /timeline/report/location';
  return useQuery({
    queryKey: queryKeyOf(route, role, tab?.locationId, tab?.reportUnitId ?? null),
    queryFn: () =>
      tab?.reportUnitId
        ? call('GET /timeline/report/unit', { query: { unitId: tab.reportUnitId } })
        : call('GET /timeline/report/location', { query: { locationId: tab?.locationId } }),
    enabled: tab !== null,
  });
}
