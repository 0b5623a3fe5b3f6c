import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { livePlaylist } from './stream.ts';

describe('camera calls and the streams endpoint', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(() => t.close());

  it("gives the investor's locations with five views and a live stream each", async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/investor/cameras', token: investor });
    expect(response.statusCode).toBe(200);
    const { locations } = response.json();
    expect(locations.map((l: { locationId: number }) => l.locationId)).toEqual([1, 2, 3, 7]);
    expect(locations[0].videos.map((v: { title: string }) => v.title)).toEqual([
      'Территория между банным комплексом и рестораном',
      'Банный чан и банный комплекс',
      'Коттеджи в отеле',
      'СПА-комплекс с бассейном',
      'Территория у пруда',
    ]);
    const clip = await t.request({ method: 'GET', url: locations[0].videos[0].url });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.rawPayload.subarray(4, 8).toString('ascii')).toBe('ftyp');
  });

  it('refuses lenders (cameras are coming for them)', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/investor/cameras', token: lender })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/investor/cameras' })).statusCode).toBe(401);
  });

  it('serves a live playlist whose segments exist', async () => {
    const playlist = await t.request({ method: 'GET', url: '/api/v1/streams/1/index.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    expect(playlist.body).toMatch(/^#EXTM3U/);
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    const segments = playlist.body.split('\n').filter((l) => l.startsWith('segment-'));
    expect(segments).toHaveLength(3);
    for (const segment of segments) {
      const response = await t.request({ method: 'GET', url: `/api/v1/streams/1/${segment}` });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    }
    for (const bad of ['segment-9.ts', 'x.m3u8', '..%2F..%2Fpackage.json'])
      expect((await t.request({ method: 'GET', url: `/api/v1/streams/1/${bad}` })).statusCode, bad).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/v1/streams/clips/camera-6.mp4' })).statusCode).toBe(
      404,
    );
    // Safari asks for byte ranges before it plays an MP4.
    const clip = await t.request({
      method: 'GET',
      url: '/api/v1/streams/clips/camera-1.mp4',
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
});
