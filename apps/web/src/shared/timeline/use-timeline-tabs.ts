import { LENDER_TIMELINE_LOCATION_IDS, WHOLE_LOCATION_TAB_ID } from '@portal/contract/constants';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/client';
import { queryKeyOf } from '../api/query-key';
import { useSession } from '../session/session';
import { storage } from '../storage';
import { investorTabs, lenderTabs, pickLenderTab, type TimelineTab } from './timeline-tabs';

// The role is part of every key: switching role reloads the page's data (spec: Screens and routes).

/** A location's timeline: the timeline page shows it, and the lender's tabs take their names from it (one cache). */
export const locationTimelineQuery = (locationId: number, role: string) => ({
  queryKey: queryKeyOf('GET /timeline/get-timeline-location', locationId, role),
  queryFn: () => call('GET /timeline/get-timeline-location', { query: { locationId } }),
});

/**
 * The tab strip of the timeline and reports pages: investors get the whole location (1488) and their units of
 * the current location; lenders the fixed locations 1, 2, 3, named from their timelines (fetched once, reused
 * when the tab opens), starting on the stored lender tab when it is one of them.
 */
export function useTimelineTabs() {
  const { currentRole, currentLocation, units } = useSession();
  const lender = currentRole === 'LENDER';
  const named = useQueries({
    queries: LENDER_TIMELINE_LOCATION_IDS.map((id) => ({
      ...locationTimelineQuery(id, currentRole),
      enabled: lender,
    })),
  });
  const names = new Map(
    named.flatMap((q) =>
      q.data
        ? [[q.data.locationId, { name: q.data.locationName, nameEn: q.data.locationNameEn }] as const]
        : [],
    ),
  );
  let tabs: TimelineTab[] = [];
  if (lender) tabs = lenderTabs(names);
  else if (currentLocation) tabs = investorTabs(currentLocation.id, units);
  const [chosen, setChosen] = useState<number | null>(null);
  const fallback = lender
    ? pickLenderTab(storage.lenderTimelineTab(), currentLocation?.id ?? null)
    : WHOLE_LOCATION_TAB_ID;
  const tabId = chosen !== null && tabs.some((t) => t.id === chosen) ? chosen : fallback;
  const setTab = (id: number) => {
    setChosen(id);
    if (lender) storage.setLenderTimelineTab(id);
  };
  return { tabs, tab: tabs.find((t) => t.id === tabId) ?? null, setTab, lender };
}
