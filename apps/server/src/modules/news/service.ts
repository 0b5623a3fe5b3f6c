import type { NewsItem, NewsPageResponse, NewsResponse } from '@portal/contract/news';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

const MEDIA = '/api/v1/media/news';

/** GET news/page: the page's title image in its desktop, tablet and mobile shapes. */
export function newsPage(): NewsPageResponse {
  return {
    titleImageUrl: `${MEDIA}/title-desktop.svg`,
    titleImageTabletUrl: `${MEDIA}/title-tablet.svg`,
    titleImageMobileUrl: `${MEDIA}/title-mobile.svg`,
  };
}

/**
 * GET news: one page of the published news of a role, newest first. The role must be one the user holds (the
 * client asks for its current role), else 403. A page past the last answers no news with the real total.
 */
export async function listNews(
  ctx: AppContext,
  session: Session,
  query: { pageId: number; pageSize: number; rolesForNews: 'INVESTOR' | 'LENDER' },
): Promise<NewsResponse> {
  requireRole(session, query.rolesForNews);
  const [total, rows] = await q.publishedNewsPage(ctx.database.db, query);
  const count = Number(total);
  return {
    news: rows.map(
      (row): NewsItem => ({
        id: Number(row.id),
        title: row.title,
        titleEn: row.title_en,
        content: row.content,
        contentEn: row.content_en,
        date: row.published_at.toISOString(),
        tagName: row.tag,
        tagNameEn: row.tag_en,
        newsImageUrl: row.image_url,
      }),
    ),
    pageId: query.pageId,
    pageCount: Math.max(1, Math.ceil(count / query.pageSize)),
    total: count,
  };
}
