import { CAMERA_VIDEO_COUNT, type CamerasResponse, cameraStreamUrl } from '@portal/contract/cameras';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import type { Session } from '../auth/sessions.ts';

/** The five views of the spec (§2), the same layout at every complex of the demo. */
const VIEWS: Array<[string, string]> = [
  [
    'Территория между банным комплексом и рестораном',
    'Territory between the bath complex and the restaurant',
  ],
  ['Банный чан и банный комплекс', 'Bath vat and bath complex'],
  ['Коттеджи в отеле', 'Cottages in the hotel'],
  ['СПА-комплекс с бассейном', 'Spa complex with a pool'],
  ['Территория у пруда', 'Territory near the pond'],
];

/** GET investor/cameras: investors only (the menu says 'soon' to lenders); their locations' cameras. */
export async function cameras(ctx: AppContext, session: Session): Promise<CamerasResponse> {
  if (!session.roles.includes('INVESTOR')) throw forbidden();
  const rows = await ctx.database.db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .select('units.location_id')
    .distinct()
    .where('user_units.user_id', '=', session.userId)
    .where('user_units.relation', '=', 'owner')
    .orderBy('units.location_id')
    .execute();
  return {
    locations: rows.map(({ location_id: locationId }) => ({
      locationId,
      streamUrl: cameraStreamUrl(locationId),
      videos: VIEWS.slice(0, CAMERA_VIDEO_COUNT).map(([title, titleEn], i) => ({
        id: i + 1,
        anchor: `camera_${i + 1}`,
        title,
        titleEn,
        url: `/api/v1/streams/clips/camera-${i + 1}.mp4`,
      })),
    })),
  };
}
