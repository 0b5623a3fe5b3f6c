import type { RouteDefinition } from '@portal/contract/route';
import { apiRoutes } from '@portal/contract/routes';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import {
  appendTokenToPlaylist,
  isMediaRoute,
  SIGNED_URL_TTL_SECONDS,
  signMediaUrl,
  signMediaUrlsInJson,
} from './media-access.ts';

// The company's camera is a stub of fetch here (modules/cameras/upstream.test.ts connects for real).
vi.mock('../modules/cameras/upstream.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../modules/cameras/upstream.ts')>()),
  upstreamFetch: (url: string, init: RequestInit) => fetch(url, init),
}));

/** Camera streams and the interim report's files only for signed-in users with access, or their signed URLs. */
describe('camera streams and report pages', () => {
  let t: TestApp;
  let investor: string;
  let both: string;
  let lender: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, both, lender] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('both@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
  const sessionIdOf = (token: string): string =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid;
  const cameras = async (token: string) =>
    (await get('/api/v1/investor/cameras', token)).json().locations as Array<{
      locationId: number;
      streamUrl: string | null;
      videos: Array<{ url: string }>;
    }>;

  it('refuses the streams of any location without a session or a signed URL (the reproduction)', async () => {
    for (const url of [
      '/api/v1/streams/999/index.m3u8',
      '/api/v1/streams/1/index.m3u8',
      '/api/v1/streams/1/segment-0.ts',
      '/api/v1/streams/clips/camera-1.mp4',
      '/api/v1/streams/live/some-key-0000000000/index.m3u8',
    ]) {
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('plays with the bearer header (hls.js) where the user holds a unit or a loan; 404 elsewhere', async () => {
    const playlist = await get('/api/v1/streams/1/index.m3u8', investor);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['cache-control']).toBe('no-store');
    expect((await get('/api/v1/streams/1/segment-0.ts', investor)).statusCode).toBe(200);
    // The lender has a loan in location 1; "both" holds nothing there.
    expect((await get('/api/v1/streams/1/index.m3u8', lender)).statusCode).toBe(200);
    expect((await get('/api/v1/streams/1/index.m3u8', both)).statusCode).toBe(404);
    expect((await get('/api/v1/streams/1/index.m3u8', 'not-a-token')).statusCode).toBe(401);
  });

  it('hands players that cannot send a header a signed URL of ten minutes, passed on to the segments', async () => {
    const here = (await cameras(investor)).find((location) => location.streamUrl !== null);
    if (!here?.streamUrl) throw new Error('the demo has no stream');
    expect(here.streamUrl).toMatch(/\?st=\d+\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const expiry = Number(/st=(\d+)/.exec(here.streamUrl)?.[1]);
    expect(expiry - Date.now() / 1000).toBeGreaterThan(SIGNED_URL_TTL_SECONDS - 60);
    expect(expiry - Date.now() / 1000).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS + 60);

    const playlist = await get(here.streamUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['cache-control']).toBe('no-store');
    const segments = playlist.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) {
      expect(segment).toContain('st=');
      const url = new URL(segment, `http://portal.test${here.streamUrl}`);
      const response = await get(`${url.pathname}${url.search}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // The looping views are signed too, each for its own file.
    for (const video of here.videos) {
      expect(video.url).toContain('st=');
      expect(
        (await t.request({ method: 'GET', url: video.url, headers: { range: 'bytes=0-3' } })).statusCode,
      ).toBe(206);
    }
  });

  it('refuses a forged, expired or borrowed signature', async () => {
    const session = sessionIdOf(investor);
    const signed = signMediaUrl(t.ctx, '/api/v1/streams/1/index.m3u8', session);
    expect((await get(signed)).statusCode).toBe(200);
    expect((await get(signed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).statusCode).toBe(401);
    const expired = signMediaUrl(t.ctx, '/api/v1/streams/1/index.m3u8', session, Date.now() - 12 * 60 * 1000);
    expect((await get(expired)).statusCode).toBe(401);
    // Another session's id in a token signed for this one.
    const otherSession = signed.replace(session, sessionIdOf(lender));
    expect((await get(otherSession)).statusCode).toBe(401);
    // Any spelling of the path is the same medium, under the same guard.
    expect((await get(signed.replace('/streams/', '/%73treams/'))).statusCode).toBe(200);
    expect((await get('/api/v1/%73treams/1/index.m3u8')).statusCode).toBe(401);
    // A token of location 1 opens nothing of location 2, nor a clip.
    const token = new URL(signed, 'http://x').searchParams.get('st');
    expect((await get(`/api/v1/streams/2/index.m3u8?st=${token}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/streams/clips/camera-1.mp4?st=${token}`)).statusCode).toBe(401);
  });

  it('opens a signed URL only where its session could open the medium with the header: 404 elsewhere', async () => {
    // "both" holds nothing in location 1. The answers' addresses are signed wherever they stand in the text, so a
    // text that spells another location's address (a repair's description, a news item) comes back signed for them.
    const session = sessionIdOf(both);
    const json = { getHeader: () => 'application/json' } as unknown as FastifyReply;
    const typed = (address: string) =>
      JSON.parse(String(signMediaUrlsInJson(t.ctx, json, JSON.stringify({ comment: address }), session)))
        .comment as string;
    const addresses = ['/api/v1/streams/1/index.m3u8', '/api/v1/streams/1/segment-0.ts'];
    // Location 1's camera by its proxy key too (the demo's keys follow the catalogue's order).
    const live = '/api/v1/streams/live/demo-test-pattern-1/index.m3u8';
    for (const address of [...addresses, live]) {
      for (const signed of [signMediaUrl(t.ctx, address, session), typed(address)]) {
        expect(signed).toMatch(/\?st=\d+\./);
        // Any spelling of the path is the same medium, under the same guard.
        for (const url of [signed, signed.replace('/streams/', '/%73treams/')])
          expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
      }
    }
    // The same addresses signed for a session that reads location 1 open.
    const reader = sessionIdOf(investor);
    for (const address of addresses)
      expect((await get(signMediaUrl(t.ctx, address, reader))).statusCode, address).toBe(200);
  });

  it('refuses the camera address a console text spells, signed in the answer of an owner without access there', async () => {
    const admin = await t.signIn('admin@example.com');
    const theirs = (await get('/api/v1/users/locations', both)).json().locations as Array<{
      id: number;
      isPlaceholder: boolean;
    }>;
    const location = theirs.find((l) => !l.isPlaceholder && l.id !== 1);
    if (!location) throw new Error('"both" reads no location but 1');
    const entries = (await get('/api/v1/backoffice/catalogue/locations', admin)).json().items as Array<{
      id: number;
      description: string;
    }>;
    const entry = entries.find((e) => e.id === location.id);
    const address = '/api/v1/streams/1/index.m3u8';
    const saved = await t.request({
      method: 'PUT',
      url: `/api/v1/backoffice/catalogue/locations/${location.id}`,
      token: admin,
      payload: { ...entry, description: address },
    });
    expect(saved.statusCode).toBe(200);
    try {
      const info = await get(`/api/v1/dashboard/location-info?location=${location.id}`, both);
      const description = info.json().description as string;
      expect(description).toMatch(/^\/api\/v1\/streams\/1\/index\.m3u8\?st=\d+\./);
      expect((await get(description)).statusCode).toBe(404);
    } finally {
      await t.request({
        method: 'PUT',
        url: `/api/v1/backoffice/catalogue/locations/${location.id}`,
        token: admin,
        payload: entry,
      });
    }
  });

  it('signs the media addresses that are values of a JSON answer, wherever they stand, and nothing else', () => {
    const session = sessionIdOf(investor);
    const json = { getHeader: () => 'application/json; charset=utf-8' } as unknown as FastifyReply;
    const stream = '/api/v1/streams/1/index.m3u8';
    const clip = '/api/v1/streams/clips/camera-1.mp4';
    const answer = {
      streamUrl: stream,
      videos: [{ url: clip }, { url: '/api/v1/media/units/banya-1.svg' }],
      list: [stream, 'plain'],
      // An address inside other text, or as a key, is not an address the client loads.
      html: `<img src="${stream}">`,
      [stream]: 1,
      // Escaped in JSON (a quote is never in our addresses, but the scan must not trip on one).
      odd: `${clip}?q="x"`,
    };
    const text = JSON.stringify(answer);
    const signed = JSON.parse(String(signMediaUrlsInJson(t.ctx, json, text, session)));
    expect(signed.streamUrl).toBe(signMediaUrl(t.ctx, stream, session));
    expect(signed.streamUrl).toMatch(/\?st=\d+\./);
    expect(signed.videos[0].url).toBe(signMediaUrl(t.ctx, clip, session));
    expect(signed.videos[1].url).toBe('/api/v1/media/units/banya-1.svg');
    expect(signed.list).toEqual([signMediaUrl(t.ctx, stream, session), 'plain']);
    expect(signed.html).toBe(answer.html);
    expect(signed[stream]).toBe(1);
    expect(signed.odd).toBe(signMediaUrl(t.ctx, `${clip}?q="x"`, session));
    // Pretty-printed JSON too; an answer without a guarded address comes back as the same text.
    expect(
      JSON.parse(String(signMediaUrlsInJson(t.ctx, json, JSON.stringify(answer, null, 2), session))),
    ).toEqual(signed);
    const plain = JSON.stringify({ imageUrls: ['/api/v1/media/units/banya-1.svg'] });
    expect(signMediaUrlsInJson(t.ctx, json, plain, session)).toBe(plain);
  });

  it('signs an address of every guarded medium of the contract, alone in an answer', () => {
    const session = sessionIdOf(investor);
    const json = { getHeader: () => 'application/json; charset=utf-8' } as unknown as FastifyReply;
    const media = Object.values(apiRoutes)
      .flatMap((area) => Object.values(area) as RouteDefinition[])
      .filter(isMediaRoute);
    expect(media.length).toBeGreaterThanOrEqual(5);
    for (const definition of media) {
      const address = `/api/v1${definition.path}`
        .replace(/:locationId/g, '1')
        .replace(/:[a-zA-Z]+/g, 'name-1')
        .replace('*', 'index.m3u8');
      const signed = JSON.parse(
        String(signMediaUrlsInJson(t.ctx, json, JSON.stringify({ address }), session)),
      );
      expect(signed.address, definition.path).toMatch(/\?st=\d+\./);
    }
  });

  it('ends a signed URL the moment its session is revoked, on every medium it opened', async () => {
    const watcher = await t.signIn('investor@example.com');
    const here = (await cameras(watcher)).find((location) => location.streamUrl !== null);
    const report = (await get('/api/v1/financial-report', watcher)).json().report as { pages: string[] };
    const urls = [
      here?.streamUrl ?? '',
      ...(here?.videos.map((video) => video.url) ?? []),
      ...report.pages.slice(0, 1),
    ];
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls)
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 200 });
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/users/logout', token: watcher })).statusCode,
    ).toBe(200);
    for (const url of urls)
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 401 });
  });

  it('serves the report pages to any signed-in user only, by header or signed URL', async () => {
    expect((await get('/api/v1/media/report-2024/page-1.svg')).statusCode).toBe(401);
    expect((await get('/api/v1/media/report-2024/page-1.svg', both)).statusCode).toBe(200);
    const report = (await get('/api/v1/financial-report', lender)).json().report as { pages: string[] };
    expect(report.pages.length).toBeGreaterThan(0);
    for (const page of report.pages.slice(0, 2)) {
      expect(page).toContain('st=');
      const response = await get(page);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const page1 = new URL(report.pages[0] ?? '', 'http://x');
    const token = page1.searchParams.get('st');
    expect((await get(`/api/v1/media/report-2024/page-2.svg?st=${token}`)).statusCode).toBe(401);
  });

  it("keeps the company camera's token from owners and forwards it to the camera", async () => {
    const manager = await t.signIn('manager@example.com');
    const saved = await t.request({
      method: 'PUT',
      url: '/api/v1/backoffice/cameras/3/stream',
      token: manager,
      payload: { streamUrl: 'https://cams.example.com/hotel/cam3/index.m3u8?token=s3cret' },
    });
    expect(saved.statusCode).toBe(200);
    const streamUrl =
      (await cameras(investor)).find((location) => location.locationId === 3)?.streamUrl ?? '';
    // Owners never receive the camera's own query (its token): the proxy adds it back when it asks the camera.
    expect(streamUrl).toMatch(/^\/api\/v1\/streams\/live\/[A-Za-z0-9_-]+\/index\.m3u8\?st=/);
    expect(streamUrl).not.toContain('s3cret');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response('#EXTM3U\n#EXTINF:2,\nseg-1.ts\n', {
        headers: { 'content-type': 'application/vnd.apple.mpegurl' },
      });
    });
    try {
      const playlist = await get(streamUrl);
      expect(playlist.statusCode).toBe(200);
      expect(asked).toEqual(['https://cams.example.com/hotel/cam3/index.m3u8?token=s3cret']);
      const segment = playlist.body.split('\n').find((line) => line.includes('seg-1.ts')) ?? '';
      expect(segment).toMatch(/seg-1\.ts\?st=\d+\./);
      expect((await get(streamUrl.replace(/\?st=.*/, ''))).statusCode).toBe(401);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('appends the token to every address of a playlist, URI attributes included', () => {
    const body = [
      '#EXTM3U',
      '#EXT-X-KEY:METHOD=AES-128,URI="key.bin?x=1"',
      'seg-1.ts',
      'seg-2.ts?s=5&st=old',
      '#EXT-X-MAP:URI="init.mp4"',
      '',
    ].join('\n');
    expect(appendTokenToPlaylist(body, 'T')).toBe(
      [
        '#EXTM3U',
        '#EXT-X-KEY:METHOD=AES-128,URI="key.bin?x=1&st=T"',
        'seg-1.ts?st=T',
        'seg-2.ts?s=5&st=T',
        '#EXT-X-MAP:URI="init.mp4?st=T"',
        '',
      ].join('\n'),
    );
  });
});
