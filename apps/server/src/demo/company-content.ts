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
 * its five looping clips (apps/server/assets/cameras), the interim financial report at its generated pages, and
 * the company's name, sites and support contacts.
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
  await db
    .updateTable('company_settings')
    .set({
      name: 'Лесные SPA-отели',
      name_en: 'Forest SPA Hotels',
      invest_url: 'https://invest.example.com',
      hotels_url: 'https://hotels.example.com',
      scheme_url: 'https://invest.example.com/scheme',
      support_phone: '+7 (999) 000-00-00',
      support_email: 'support@example.com',
    })
    .where('id', '=', 1)
    .execute();
}
