import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_MP4, TEST_PNG, uploadForm } from '../../test/upload-form.ts';
import { rewritePlaylist, upstreamUrl } from './proxy.ts';
import { livePlaylist } from './stream.ts';

// The company's camera is a stub of fetch here; upstream.test.ts connects for real (and refuses internal hosts).
vi.mock('./upstream.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./upstream.ts')>()),
  upstreamFetch: (url: string, init: RequestInit) => fetch(url, init),
}));

describe('camera calls and the streams endpoint', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let manager: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, manager, admin] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
    ]);
  });
  afterAll(() => t?.close());
  afterEach(() => vi.unstubAllGlobals());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, body?: object, locale = 'ru') =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      token,
      headers: { cookie: `cookieLocale=${locale}` },
      ...(body ? { payload: body } : {}),
    });
  const addView = (
    token: string,
    locationId: number,
    file: Parameters<typeof uploadForm>[0],
    fields = {},
  ) => {
    const form = uploadForm(file, fields);
    return t.request({
      method: 'POST',
      url: `/api/v1/backoffice/cameras/${locationId}/views`,
      token,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const ownerCameras = async () =>
    (await call('GET', 'investor/cameras', investor)).json().locations as Array<{
      locationId: number;
      streamUrl: string | null;
      videos: Array<{ id: number; anchor: string; title: string; url: string }>;
    }>;

  it("gives the investor's locations with five views and a live stream each (the demo rows)", async () => {
    const locations = await ownerCameras();
    expect(locations.map((l) => l.locationId)).toEqual([1, 2, 3, 7]);
    // Signed for players that cannot send the bearer header.
    expect(locations[0]?.streamUrl).toMatch(/^\/api\/v1\/streams\/1\/index\.m3u8\?st=\d+\./);
    expect(locations[0]?.videos.map((v) => v.title)).toEqual([
      'Территория между банным комплексом и рестораном',
      'Банный чан и банный комплекс',
      'Коттеджи в отеле',
      'СПА-комплекс с бассейном',
      'Территория у пруда',
    ]);
    const clip = await t.request({ method: 'GET', url: locations[0]?.videos[0]?.url ?? '' });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.rawPayload.subarray(4, 8).toString('ascii')).toBe('ftyp');
  });

  it('refuses lenders (cameras are coming for them)', async () => {
    expect((await call('GET', 'investor/cameras', lender)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/investor/cameras' })).statusCode).toBe(401);
  });

  it('serves a live playlist whose segments exist', async () => {
    // hls.js sends the bearer header (no stream without a session).
    const playlist = await t.request({ method: 'GET', url: '/api/v1/streams/1/index.m3u8', token: investor });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    expect(playlist.body).toMatch(/^#EXTM3U/);
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    const segments = playlist.body.split('\n').filter((l) => l.startsWith('segment-'));
    expect(segments).toHaveLength(3);
    for (const segment of segments) {
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/streams/1/${segment}`,
        token: investor,
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    }
    for (const bad of ['segment-9.ts', 'x.m3u8', '..%2F..%2Fpackage.json'])
      expect(
        (await t.request({ method: 'GET', url: `/api/v1/streams/1/${bad}`, token: investor })).statusCode,
        bad,
      ).toBe(404);
    // A location without the demo row has no test pattern.
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/streams/666/index.m3u8', token: investor })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/streams/clips/camera-6.mp4', token: investor }))
        .statusCode,
    ).toBe(404);
    // Safari asks for byte ranges before it plays an MP4.
    const clip = await t.request({
      method: 'GET',
      url: '/api/v1/streams/clips/camera-1.mp4',
      token: investor,
      headers: { range: 'bytes=0-1' },
    });
    expect(clip.statusCode).toBe(206);
    expect(clip.headers['content-range']).toMatch(/^bytes 0-1\/\d+$/);
    expect(clip.rawPayload).toHaveLength(2);
  });

  it('slides the window with the clock and marks each wrap as a discontinuity', () => {
    const at = (seconds: number) => livePlaylist(seconds * 1000, (i, s) => `segment-${i}.ts?s=${s}`);
    expect(at(10)).toContain('#EXT-X-MEDIA-SEQUENCE:7\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    expect(at(10)).toContain('segment-3.ts?s=7\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000,\nsegment-0.ts?s=8\n');
    expect(at(11)).toContain(
      '#EXT-X-MEDIA-SEQUENCE:8\n#EXT-X-DISCONTINUITY-SEQUENCE:2\n#EXTINF:1.000,\nsegment-0.ts?s=8',
    );
  });

  it('lets managers and admins read a location, owners get 403, unknown ids 404, bad ids 400', async () => {
    const read = await call('GET', 'backoffice/cameras?locationId=1', manager);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ locationId: 1, streamUrl: 'asset:test-pattern' });
    expect(read.json().views.map((v: { position: number }) => v.position)).toEqual([1, 2, 3, 4, 5]);
    expect((await call('GET', 'backoffice/cameras?locationId=1', admin)).statusCode).toBe(200);
    expect((await call('GET', 'backoffice/cameras?locationId=1', investor)).statusCode).toBe(403);
    expect((await call('GET', 'backoffice/cameras?locationId=9999', manager)).statusCode).toBe(404);
    expect((await call('GET', 'backoffice/cameras?locationId=x', manager)).statusCode).toBe(400);
    expect((await call('PUT', 'backoffice/cameras/1/stream', investor, { streamUrl: null })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', 'backoffice/cameras/9999/stream', admin, { streamUrl: null })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', 'backoffice/cameras/views/999999', manager, { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', 'backoffice/cameras/views/999999', manager)).statusCode).toBe(404);
  });

  it('refuses a stream address that is not https, in the user language, changing nothing', async () => {
    for (const streamUrl of [
      'http://cam.example.com/live/index.m3u8',
      'javascript:alert(1)',
      'cam/index.m3u8',
    ]) {
      const ru = await call('PUT', 'backoffice/cameras/2/stream', manager, { streamUrl });
      expect(ru.statusCode, streamUrl).toBe(400);
      expect(ru.json().error.message).toBe('Укажите https-адрес плейлиста HLS (.m3u8)');
    }
    const en = await call(
      'PUT',
      'backoffice/cameras/2/stream',
      manager,
      { streamUrl: 'ftp://x/y.m3u8' },
      'en',
    );
    expect(en.json().error.message).toBe('Enter the https address of an HLS playlist (.m3u8)');
    expect((await call('GET', 'backoffice/cameras?locationId=2', manager)).json().streamUrl).toBe(
      'asset:test-pattern',
    );
  });

  it("proxies the company's camera for owners, only below the stored playlist's directory", async () => {
    const saved = await call('PUT', 'backoffice/cameras/2/stream', manager, {
      streamUrl: 'https://cams.example.com/hotel/cam1/index.m3u8?token=s3cret',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().streamUrl).toBe('https://cams.example.com/hotel/cam1/index.m3u8?token=s3cret');
    const location = (await ownerCameras()).find((l) => l.locationId === 2);
    const streamUrl = location?.streamUrl ?? '';
    // The camera's query (its token) never reaches owners: the proxy adds it upstream.
    expect(streamUrl).toMatch(
      /^\/api\/v1\/streams\/live\/[A-Za-z0-9_-]{20,}\/index\.m3u8\?st=\d+\.[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/,
    );
    expect(JSON.stringify(await ownerCameras())).not.toContain('s3cret');
    // The demo pattern no longer plays there.
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/streams/2/index.m3u8', token: investor })).statusCode,
    ).toBe(404);

    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      if (url.endsWith('.m3u8?token=s3cret'))
        return new Response(
          '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin"\n#EXTINF:2,\nseg-1.ts\n#EXTINF:2,\nseg-2.ts?token=s3cret\n#EXTINF:2,\nhttps://evil.example.net/x.ts\n#EXTINF:2,\n../other/seg.ts\n',
          { headers: { 'content-type': 'application/vnd.apple.mpegurl' } },
        );
      if (url.endsWith('seg-1.ts?token=s3cret'))
        return new Response(Buffer.from([0x47, 1, 2]), { headers: { 'content-type': 'video/mp2t' } });
      return new Response('nope', { status: 404 });
    });
    const playlist = await t.request({ method: 'GET', url: streamUrl });
    expect(playlist.statusCode).toBe(200);
    expect(asked).toEqual(['https://cams.example.com/hotel/cam1/index.m3u8?token=s3cret']);
    const base = streamUrl.slice(0, streamUrl.lastIndexOf('/') + 1);
    // Served under a signed URL, the playlist passes the signature on to every address in it.
    expect(playlist.body).toMatch(/seg-1\.ts\?st=\d+\./);
    const body = playlist.body.replace(/\?st=\d+\.[0-9a-f-]{36}\.[A-Za-z0-9_-]+/g, '');
    const lines = body.split('\n');
    expect(lines).toContain(`${base}seg-1.ts`);
    expect(lines).toContain(`${base}seg-2.ts`);
    expect(body).not.toContain('s3cret');
    expect(body).toContain(`URI="${base}key.bin"`);
    expect(body).not.toContain('evil.example.net');
    expect(body).not.toContain('other/seg.ts');
    const segment = await t.request({ method: 'GET', url: `${base}seg-1.ts`, token: investor });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(asked.at(-1)).toBe('https://cams.example.com/hotel/cam1/seg-1.ts?token=s3cret');
    // Out of the prefix nothing is fetched.
    asked.length = 0;
    for (const bad of ['..%2F..%2Fsecret', '%2e%2e/%2e%2e/admin', '-outside-prefix-'])
      expect(
        (await t.request({ method: 'GET', url: `${base}${bad}`, token: investor })).statusCode,
        bad,
      ).toBe(404);
    expect(asked).toEqual([]);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/streams/live/unknown-key-000000000/index.m3u8',
          token: investor,
        })
      ).statusCode,
    ).toBe(404);

    // A camera that does not answer is a 502, not a 500.
    vi.stubGlobal('fetch', async () => {
      throw new Error('down');
    });
    expect((await t.request({ method: 'GET', url: streamUrl })).statusCode).toBe(502);

    const audit = JSON.stringify((await call('GET', 'backoffice/audit', admin)).json());
    expect(audit).toContain('content.camera.stream.set');
    expect(audit).not.toContain('s3cret');

    // Removing the stream leaves the views; owners get no live stream.
    expect(
      (await call('PUT', 'backoffice/cameras/2/stream', admin, { streamUrl: '' })).json().streamUrl,
    ).toBeNull();
    expect((await ownerCameras()).find((l) => l.locationId === 2)?.streamUrl).toBeNull();
    expect((await t.request({ method: 'GET', url: streamUrl })).statusCode).toBe(404);
  });

  it('keeps the proxy below the prefix whatever the path', () => {
    const stream = 'https://cams.example.com/a/b/index.m3u8';
    expect(upstreamUrl(stream, 'seg.ts')).toBe('https://cams.example.com/a/b/seg.ts');
    expect(upstreamUrl(stream, 'low/seg.ts?x=1')).toBe('https://cams.example.com/a/b/low/seg.ts?x=1');
    for (const bad of [
      '../seg.ts',
      '/a/seg.ts',
      '//evil.net/a/b/x',
      'https://evil.net/a/b/x',
      '%2e%2e/x',
      '',
    ])
      expect(upstreamUrl(stream, bad), bad).toBeNull();
    expect(rewritePlaylist('#EXTM3U\nhttp://cams.example.com/a/b/x.ts\n', stream, stream, '/p/')).toContain(
      '/p/-outside-prefix-',
    );
  });

  it('adds, renames and removes looping views (MP4 by content, five a location), audited', async () => {
    // Location 1 already has five.
    const sixth = await addView(
      manager,
      1,
      { data: TEST_MP4, name: 'v.mp4', type: 'video/mp4' },
      { title: 'Шестой' },
    );
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.message).toBe('У локации не больше пяти видов с камер');

    const views = (await call('GET', 'backoffice/cameras?locationId=3', admin)).json().views;
    expect((await call('DELETE', `backoffice/cameras/views/${views[1].id}`, admin)).statusCode).toBe(200);
    // A PNG named .mp4 is refused by its content; a view needs a title.
    const png = await addView(
      manager,
      3,
      { data: TEST_PNG, name: 'v.mp4', type: 'video/mp4' },
      { title: 'Пирс' },
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe('Загрузите видео MP4');
    const untitled = await addView(manager, 3, { data: TEST_MP4, name: 'v.mp4', type: 'video/mp4' });
    expect(untitled.statusCode).toBe(400);
    expect(
      (await addView(investor, 3, { data: TEST_MP4, name: 'v.mp4', type: 'video/mp4' }, { title: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await addView(manager, 9999, { data: TEST_MP4, name: 'v.mp4', type: 'video/mp4' }, { title: 'x' }))
        .statusCode,
    ).toBe(404);

    const added = await addView(
      manager,
      3,
      { data: TEST_MP4, name: 'pier.mp4', type: 'application/octet-stream' },
      { title: 'Пирс', titleEn: '' },
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ position: 2, title: 'Пирс', titleEn: 'Пирс' });
    const url = added.json().url as string;
    // Signed for the <video> elements, which send no bearer header.
    expect(url).toMatch(/^\/api\/v1\/files\/cameras\/[A-Za-z0-9_-]{20,}\?st=\d+\./);
    const part = await t.request({ method: 'GET', url, headers: { range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('ascii')).toBe('ftyp');

    const owner = (await ownerCameras()).find((l) => l.locationId === 3);
    expect(owner?.videos[1]).toMatchObject({
      anchor: 'camera_2',
      title: 'Пирс',
      url: expect.stringContaining(url.split('?')[0] ?? url),
    });

    const renamed = await call('PUT', `backoffice/cameras/views/${added.json().id}`, manager, {
      title: 'Пирс',
      titleEn: 'Pier',
    });
    expect(renamed.json().titleEn).toBe('Pier');
    expect(
      (await call('PUT', `backoffice/cameras/views/${added.json().id}`, manager, { title: ' ' })).statusCode,
    ).toBe(400);

    expect((await call('DELETE', `backoffice/cameras/views/${added.json().id}`, manager)).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    const audit = JSON.stringify((await call('GET', 'backoffice/audit', admin)).json());
    for (const action of [
      'content.camera.view.add',
      'content.camera.view.update',
      'content.camera.view.remove',
    ])
      expect(audit).toContain(action);
  });
});
