import type { StaffNewsEntry } from '@portal/contract/backoffice-content';
import { describe, expect, it } from 'vitest';
import { entryBody, OWN_URL, toBody, toValues } from './news-form-model';

const item: StaffNewsEntry = {
  id: 7,
  forInvestors: true,
  forLenders: false,
  tag: 'Стройка',
  tagEn: 'Construction',
  title: 'Кровля готова',
  titleEn: 'The roof is done',
  content: '<p>Готово</p>',
  contentEn: '<p>Done</p>',
  imageUrl: '/api/v1/media/news/news-3.svg',
  publishedAt: '2026-10-01T09:00:00.000Z',
  isPublished: false,
};

describe('the news form', () => {
  it('starts a new item for both roles, published, without a picture, dated by the server', () => {
    const body = toBody(toValues(null), null);
    expect(body).toMatchObject({ forInvestors: true, forLenders: true, imageUrl: null, isPublished: true });
    expect(body).not.toHaveProperty('publishedAt');
  });

  it("keeps a saved item's date, and dates a draft now when it is published", () => {
    expect(toBody(toValues(item), item).publishedAt).toBe(item.publishedAt);
    const published = entryBody(item, true);
    expect(published.isPublished).toBe(true);
    expect(published).not.toHaveProperty('publishedAt');
    const live = { ...item, isPublished: true };
    expect(entryBody(live, false)).toMatchObject({ isPublished: false, publishedAt: item.publishedAt });
  });

  it("tells the portal's pictures from an own https link, and sends an empty link as none", () => {
    expect(toValues(item)).toMatchObject({ picture: item.imageUrl, imageUrl: '' });
    const own = toValues({ ...item, imageUrl: 'https://example.com/a.jpg' });
    expect(own).toMatchObject({ picture: OWN_URL, imageUrl: 'https://example.com/a.jpg' });
    expect(toBody(own, item).imageUrl).toBe('https://example.com/a.jpg');
    expect(toBody({ ...own, imageUrl: '  ' }, item).imageUrl).toBeNull();
    expect(toBody({ ...own, audience: ['lenders'] }, item)).toMatchObject({
      forInvestors: false,
      forLenders: true,
    });
  });
});
