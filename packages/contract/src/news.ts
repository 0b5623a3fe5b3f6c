import { z } from 'zod';
import { defineRoute } from './route.ts';

/** News (spec, operational areas: the news page, the news entity, the news/page and news calls). */

/** Cards per page by the window's width (spec: Screens and routes): 3 up to 480 px, 2 from 481 to 1080 px, 4 above. */
export function newsPageSize(width: number): number {
  if (width <= 480) return 3;
  if (width <= 1080) return 2;
  return 4;
}
export const NEWS_PAGE_SIZE_MAX = 12;

/** GET news/page: the title image of the page in its three variants. */
export const newsPageResponseSchema = z.object({
  titleImageUrl: z.string(),
  titleImageTabletUrl: z.string(),
  titleImageMobileUrl: z.string(),
});
export type NewsPageResponse = z.infer<typeof newsPageResponseSchema>;

const pageNumber = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(100_000, { error: 'validation.invalid' });

/** GET news?pageId=&rolesForNews=&pageSize=: one page of the news for a role the user holds. */
export const newsQuerySchema = z.object({
  pageId: pageNumber.default(1),
  rolesForNews: z.enum(['INVESTOR', 'LENDER'], { error: 'validation.invalid' }),
  pageSize: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(NEWS_PAGE_SIZE_MAX, { error: 'validation.invalid' })
    .default(4),
});

export const newsItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleEn: z.string(),
  content: z.string().describe('Sanitized HTML'),
  contentEn: z.string().describe('Sanitized HTML'),
  date: z.string().describe('ISO instant of publication'),
  tagName: z.string(),
  tagNameEn: z.string(),
  newsImageUrl: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsResponseSchema = z
  .object({
    news: z.array(newsItemSchema).describe('Newest first; empty past the last page'),
    pageId: z.number(),
    pageCount: z.number().describe('At least 1'),
    total: z.number(),
  })
  .meta({ id: 'News' });
export type NewsResponse = z.infer<typeof newsResponseSchema>;

/** GET /api/v1/media/news/:name: a demo picture's name. */
export const newsPictureParamsSchema = z.object({ name: z.string().max(40) });

export const newsApi = {
  page: defineRoute({
    method: 'GET',
    path: '/news/page',
    summary: "The news page's title image: desktop, tablet and mobile",
    tags: ['news'],
    access: 'session',
    response: newsPageResponseSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/news',
    summary: 'One page of the news for a role the user holds, newest first',
    tags: ['news'],
    access: 'session',
    query: newsQuerySchema,
    response: newsResponseSchema,
  }),
  picture: defineRoute({
    method: 'GET',
    path: '/media/news/:name',
    summary: 'A demo picture of the news page (generated drawing, nothing personal)',
    tags: ['news'],
    access: 'public',
    params: newsPictureParamsSchema,
    response: 'file',
    errors: [404],
  }),
};
