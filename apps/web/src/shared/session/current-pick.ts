import type { QueryClient } from '@tanstack/react-query';
import { layoutQueries } from '../api/queries';
import { storage } from '../storage';
import { pickCurrent } from './pick';

/**
 * The role and location the session will show (pickCurrent on the stored choice), once the layout's profile and
 * locations are in: a page's route loader starts the page's calls for them while the page's code is still on its
 * way, and the page's hooks, asking with the same keys, join those calls. Rejects when the layout's calls fail (the
 * layout shows that error).
 */
export async function currentPick(client: QueryClient): Promise<ReturnType<typeof pickCurrent>> {
  const [profile, locations] = await Promise.all([
    client.ensureQueryData(layoutQueries.profile),
    client.ensureQueryData(layoutQueries.locations),
  ]);
  return pickCurrent(profile, locations.locations, storage.currentRole(), storage.currentLocationId());
}
