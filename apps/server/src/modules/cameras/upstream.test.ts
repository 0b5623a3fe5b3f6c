import { randomBytes } from 'node:crypto';
import https from 'node:https';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { proxyStream } from './proxy.ts';
import * as q from './queries.ts';
import { isInternalAddress } from './upstream.ts';

/** A TCP server that counts the connections it is asked for (a camera at 127.0.0.1 or localhost). */
async function countingServer() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  // Both loopbacks where the machine has IPv6, so `localhost` reaches it whichever address it resolves to first.
  await new Promise<void>((resolve) => {
    server.once('error', () => server.listen(0, '127.0.0.1', resolve));
    server.listen({ port: 0, host: '::', ipv6Only: false }, resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the addresses the camera proxy refuses', () => {
  it('counts loopback, private, link-local, shared, multicast and reserved addresses as internal, in every spelling', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.1.2.3',
      '::ffff:169.254.169.254',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:101::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      'not-an-address',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '2a00:1450:4010:c0e::71',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
    ])
      expect(isInternalAddress(address), address).toBe(false);
  });

  it('follows no redirect: a camera answering 302 (say to an internal address) is a 502', async () => {
    const fetcher = vi.fn(
      async () => new Response(null, { status: 302, headers: { location: 'https://127.0.0.1/admin' } }),
    );
    const result = await proxyStream(
      'https://cams.example.com/a/index.m3u8',
      'index.m3u8',
      '/p/',
      { allowedHosts: [] },
      fetcher,
    );
    expect(result).toEqual({ status: 502 });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

describe('the camera proxy and internal hosts', () => {
  let t: TestApp;
  let allowing: TestApp;
  let investor: string;
  let manager: string;
  let camera: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    camera = await countingServer();
    t = await startTestApp();
    [investor, manager] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('manager@example.com'),
    ]);
  });
  afterAll(async () => {
    await allowing?.close();
    await t?.close();
    await camera?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  /** A stream stored as an import or an older version could have left it, past the console's check. */
  async function storedStream(app: TestApp, streamUrl: string) {
    const key = randomBytes(18).toString('base64url');
    await q.upsertStream(app.ctx.database.db, 2, {
      stream_url: streamUrl,
      proxy_key: key,
      updated_at: new Date(),
    });
    return `/api/v1/streams/live/${key}/index.m3u8`;
  }

  it('refuses a camera at a loopback or private address, or a name that resolves to one, without connecting', async () => {
    const request = vi.spyOn(https, 'request');
    for (const streamUrl of [
      `https://127.0.0.1:${camera.port}/cam/index.m3u8`,
      `https://localhost:${camera.port}/cam/index.m3u8`,
      `https://[::1]:${camera.port}/cam/index.m3u8`,
      'https://10.0.0.1/cam/index.m3u8',
      'https://169.254.169.254/latest/index.m3u8',
    ]) {
      const url = await storedStream(t, streamUrl);
      for (const locale of ['ru', 'en']) {
        const refused = await t.request({
          method: 'GET',
          url,
          token: investor,
          headers: { cookie: `cookieLocale=${locale}` },
        });
        expect(refused.statusCode, streamUrl).toBe(502);
        expect(refused.json().error.message).toBe(
          locale === 'ru' ? 'Камера сейчас недоступна' : 'The camera is unavailable right now',
        );
      }
    }
    expect(request).not.toHaveBeenCalled();
    expect(camera.connections()).toBe(0);
  });

  it('says in the console why such an address is not saved', async () => {
    for (const [streamUrl, locale] of [
      [`https://localhost:${camera.port}/cam/index.m3u8`, 'ru'],
      ['https://192.168.0.10/cam/index.m3u8', 'en'],
    ] as const) {
      const saved = await t.request({
        method: 'PUT',
        url: '/api/v1/backoffice/cameras/3/stream',
        token: manager,
        headers: { cookie: `cookieLocale=${locale}` },
        payload: { streamUrl },
      });
      expect(saved.statusCode, streamUrl).toBe(400);
      const text =
        locale === 'ru'
          ? 'Адрес камеры ведёт во внутреннюю сеть сервера: укажите её публичный адрес'
          : "The camera's address leads into the server's internal network: enter its public address";
      expect(saved.json().error.fields).toEqual({ streamUrl: text });
    }
    expect(camera.connections()).toBe(0);
  });

  it('connects to a host CAMERA_PROXY_ALLOWED_HOSTS names, at the address it checked', async () => {
    allowing = await startTestApp({ CAMERA_PROXY_ALLOWED_HOSTS: 'cams.internal.example, LOCALHOST' });
    const token = await allowing.signIn('investor@example.com');
    const staff = await allowing.signIn('manager@example.com');
    const streamUrl = `https://localhost:${camera.port}/cam/index.m3u8`;
    const saved = await allowing.request({
      method: 'PUT',
      url: '/api/v1/backoffice/cameras/2/stream',
      token: staff,
      payload: { streamUrl },
    });
    expect(saved.statusCode).toBe(200);
    const url = await storedStream(allowing, streamUrl);
    // The camera closes the connection without TLS: the proxy did connect, and answers 502.
    expect((await allowing.request({ method: 'GET', url, token })).statusCode).toBe(502);
    expect(camera.connections()).toBe(1);
    // Another internal host is still refused there.
    const other = await storedStream(allowing, `https://127.0.0.1:${camera.port}/cam/index.m3u8`);
    expect((await allowing.request({ method: 'GET', url: other, token })).statusCode).toBe(502);
    expect(camera.connections()).toBe(1);
  });
});
