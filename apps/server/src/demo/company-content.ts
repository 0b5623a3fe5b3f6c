import { CAMERA_TEST_PATTERN } from '@portal/contract/backoffice-cameras';
import { FINANCIAL_REPORT_PAGES } from '@portal/contract/financial-report';
import type { Executor } from '../db/executor.ts';
import { CATALOGUE } from './catalogue.ts';

/** The five views of the spec's cameras page, the same layout at every complex of the demo. */
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

/**
 * The demo's rows of company content: every location's cameras point at the committed test pattern and
 * its five looping clips (apps/server/assets/cameras), and the interim financial report at its generated pages.
 * A real company sets these in the console instead.
 */
export async function seedCompanyContent(db: Executor) {
  for (const [n, location] of CATALOGUE.entries()) {
    await db
      .insertInto('camera_streams')
      .values({
        location_id: location.id,
        stream_url: CAMERA_TEST_PATTERN,
        proxy_key: `demo-test-pattern-${n + 1}`,
      })
      .execute();
    await db
      .insertInto('camera_views')
      .values(
        VIEWS.map(([title, titleEn], i) => ({
          location_id: location.id,
          position: i + 1,
          title,
          title_en: titleEn,
          url: `/api/v1/streams/clips/camera-${i + 1}.mp4`,
        })),
      )
      .execute();
  }
  await db
    .insertInto('financial_reports')
    .values({
      id: 1,
      kind: 'pages',
      page_count: FINANCIAL_REPORT_PAGES,
      title: 'Промежуточный финансовый отчёт · 2024',
    })
    .execute();
}
