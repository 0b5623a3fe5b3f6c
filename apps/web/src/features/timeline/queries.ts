import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';
import { useSession } from '../../shared/session/session';
import { locationTimelineQuery } from '../../shared/timeline/use-timeline-tabs';

// The role is part of every key: switching role reloads the page's data (spec: Screens and routes).

export function useLocationTimeline(locationId: number | null) {
  const { currentRole } = useSession();
  return useQuery({
    ...locationTimelineQuery(locationId ?? 0, currentRole),
    enabled: locationId !== null,
  });
}

export function useUnitTimeline(userUnitId: number | null) {
  const { currentRole } = useSession();
  return useQuery({
    queryKey: queryKeyOf('GET /timeline/get-timeline', userUnitId, currentRole),
    queryFn: () => call('GET /timeline/get-timeline', { query: { userUnitId: userUnitId ?? 0 } }),
    enabled: userUnitId !== null,
  });
}
