import { portalNow } from '../shared/clock.ts';

/**
 * The one date the test suites run the portal on (PORTAL_TODAY): the demo data follow "today", so a suite on the
 * real clock would meet other data every day. src/demo/date-runs.test.ts tries the other dates that matter.
 */
export const PINNED_TODAY = '2026-11-26';

/** The portal's "now" on the pinned date (the real time of day), for a test's expectations. */
export const pinnedNow = (): Date => portalNow(PINNED_TODAY);
