import type { OwnerDetail } from '@portal/contract/backoffice';
import type { Document } from '@portal/contract/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OwnerDocuments } from './owner-documents';

const OWNER = { id: 1223, units: [] } as unknown as OwnerDetail;

const doc = (id: number, statusId: number, extra: Partial<Document> = {}): Document => ({
  id,
  kind: 'user',
  date: '2026-03-01',
  rawDate: '2026-03-01T00:00:00.000Z',
  createDate: '2026-03-01T10:00:00.000Z',
  category: { id: 2, name: 'Акт', nameEn: 'Act' },
  location: { id: 1, name: 'Сосны' },
  locationEn: 'Sosny',
  unit: null,
  docNum: `A-${id}`,
  number: `A-${id}`,
  description: '',
  descriptionEn: '',
  status: { id: statusId, name: statusId === 13 ? 'В работе' : 'Требует подписи', nameEn: '' },
  uploadsId: id * 10,
  name: `${id}.pdf`,
  diadocUrl: null,
  signedUploadsId: statusId === 13 ? id * 10 + 1 : null,
  returnComment: null,
  ...extra,
});

/** The console's calls: the owner's documents from a queue, the review answering 200 (or a refusal first). */
function stubApi(lists: Document[][], reviews: Array<{ status: number; body: unknown }> = []) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.includes('/review')) {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return json(reviews.shift()?.status ?? 200, reviews[0]?.body ?? { success: true });
    }
    if (url.includes('/backoffice/owners/1223/documents'))
      return json(200, { documents: lists.length > 1 ? lists.shift() : lists[0] });
    if (url.includes('/backoffice/catalogue')) return json(200, { locations: [], units: [], managers: [] });
    if (url.includes('/document-category')) return json(200, { categories: [] });
    return json(200, {});
  });
  return sent;
}

describe("the owner's documents in the console", () => {
  // The forms' growing text areas listen for web fonts, which jsdom does not have.
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks a signed copy «Подписан»: only a document in progress with a copy offers it', async () => {
    const sent = stubApi([[doc(1, 13), doc(2, 1)], [doc(2, 1)]]);
    await renderWithProviders(<OwnerDocuments owner={OWNER} />);
    const rows = await screen.findAllByTestId('owner-document-row');
    const [waiting, toSign] = rows as [HTMLElement, HTMLElement];
    expect(within(toSign).queryByRole('button', { name: 'Подписан' })).toBeNull();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Подписан' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: expect.stringContaining('/documents/1/review'),
      body: { decision: 'signed' },
    });
  });

  it('returns a signed copy with the comment the owner reads, and shows it by the status', async () => {
    const sent = stubApi([[doc(1, 13)], [doc(1, 1, { returnComment: 'Нет подписи на второй странице' })]]);
    await renderWithProviders(<OwnerDocuments owner={OWNER} />);
    const [row] = await screen.findAllByTestId('owner-document-row');
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Вернуть' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Что исправить/), 'Нет подписи на второй странице');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Вернуть клиенту' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[0]).toMatchObject({
      body: { decision: 'returned', comment: 'Нет подписи на второй странице' },
    });
    expect(await screen.findByTestId('staff-return-comment')).toHaveTextContent(
      'Возвращён: Нет подписи на второй странице',
    );
  });
});
