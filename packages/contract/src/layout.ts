import { z } from 'zod';
import { companySettingsSchema } from './company-settings.ts';
import { unreadCountSchema } from './notifications.ts';
import {
  dataProfileResponseSchema,
  userLocationsResponseSchema,
  userUnitsResponseSchema,
} from './profile.ts';
import { openRequestsResponseSchema } from './requests.ts';
import { defineRoute } from './route.ts';

/**
 * GET /api/v1/users/layout: the answers of the six calls every signed-in page makes on its first load, each as its
 * own call gives it. A first load asks once instead of six times (six requests waited for the browser's six
 * connections behind the page's files); the six calls stay, and the client uses them to refresh each part.
 */
export const layoutResponseSchema = z
  .object({
    profile: dataProfileResponseSchema.describe('As GET /users/data-profile'),
    locations: userLocationsResponseSchema.describe('As GET /users/locations'),
    actives: userUnitsResponseSchema.describe('As GET /users/actives'),
    unreadCount: unreadCountSchema.describe('As GET /notifications/unread-count'),
    openRequests: openRequestsResponseSchema.describe('As GET /users/open-requests'),
    companySettings: companySettingsSchema.describe('As GET /company-settings'),
  })
  .meta({ id: 'Layout' });
export type LayoutResponse = z.infer<typeof layoutResponseSchema>;

export const layoutApi = {
  layout: defineRoute({
    method: 'GET',
    path: '/users/layout',
    summary:
      "The signed-in layout's six answers in one call (profile, locations, units, unread count, open requests, company settings)",
    tags: ['profile'],
    access: 'session',
    response: layoutResponseSchema,
  }),
};
