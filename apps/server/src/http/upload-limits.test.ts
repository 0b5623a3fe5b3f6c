import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { LOT_PHOTO_MAX_BYTES } from '@portal/contract/backoffice-lots';
import { DOCUMENT_MAX_BYTES } from '@portal/contract/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

const MB = 1024 * 1024;
const BIG = 200 * MB;

type Sent = {
  status: number;
  json: { error: { code: string; message: string } };
  /** Bytes the client's generator had produced when the answer came (the kernel's buffers hold a few MB of them). */
  producedAtAnswer: number;
  /** Bytes the server read from the connection until it closed it, the request's headers included. */
  serverRead: number;
};

/**
 * A real connection (not inject): a body of `size` bytes streamed from a generator, with its Content-Length or
 * chunked, written as fast as the connection takes it and no more once the answer has come.
 */
describe('uploads over the limit end while they stream', () => {
  let t: TestApp;
  let port: number;
  let investor: string;
  let manager: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    [investor, manager] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('manager@example.com'),
    ]);
    t.app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  function send(
    path: string,
    options: { token: string; size: number; withLength: boolean; type?: 'multipart' | 'json' },
  ): Promise<Sent> {
    const boundary = 'upload-limit-boundary';
    const multipart = (options.type ?? 'multipart') === 'multipart';
    const head = Buffer.from(
      multipart
        ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`
        : '{"firstName":"',
    );
    const tail = Buffer.from(multipart ? `\r\n--${boundary}--\r\n` : '"}');
    const total = options.size;
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let produced = 0;
    /** The body, piece by piece: the head, filler, the tail. */
    function* body() {
      produced += head.length;
      yield head;
      while (produced < total - tail.length) {
        const n = Math.min(piece.length, total - tail.length - produced);
        produced += n;
        yield n === piece.length ? piece : piece.subarray(0, n);
      }
      produced += tail.length;
      yield tail;
    }
    return new Promise((resolve, reject) => {
      let answered = false;
      const request = http.request({
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': multipart ? `multipart/form-data; boundary=${boundary}` : 'application/json',
          ...(options.withLength ? { 'content-length': String(total) } : {}),
        },
      });
      request.on('response', (response) => {
        answered = true;
        const producedAtAnswer = produced;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', async () => {
          request.destroy();
          // Counted once the server has closed the connection: everything it ever read of this request.
          const socket = sockets.at(-1);
          if (socket && !socket.destroyed) await once(socket, 'close');
          resolve({
            status: response.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString()),
            producedAtAnswer,
            serverRead: socket?.bytesRead ?? Number.NaN,
          });
        });
      });
      // Once answered, the server closes the connection the client may still be writing to.
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const pieces = body();
      const pump = () => {
        for (let next = pieces.next(); !answered; next = pieces.next()) {
          if (next.done) return request.end();
          if (!request.write(next.value)) return request.once('drain', pump);
        }
      };
      pump();
    });
  }

  /** At most this much more than the limit is read: what was in flight when the limit was passed, a buffer or two. */
  const expectReadWithin = (sent: Sent, limit: number) => {
    expect(sent.serverRead).toBeLessThan(limit + 2 * MB);
    // The client is stopped as early: what it produced is the limit and the connection's buffers, not 200 MB.
    expect(sent.producedAtAnswer).toBeLessThan(limit + 32 * MB);
  };

  it('refuses a 200 MB document upload by its Content-Length before reading a byte of it', async () => {
    const sent = await send('/api/v1/user-document/reupload?uploadsId=1', {
      token: investor,
      size: BIG,
      withLength: true,
    });
    expect(sent.status).toBe(413);
    expect(sent.json.error).toEqual({
      code: 'payload_too_large',
      message: 'Слишком большой запрос',
      requestId: expect.any(String),
    });
    // The request's headers, and at most a buffer of the body that arrived with them.
    expect(sent.serverRead).toBeLessThan(256 * 1024);
    expect(sent.producedAtAnswer).toBeLessThan(32 * MB);
  });

  it('refuses a 200 MB chunked document upload as soon as the file passes its limit', async () => {
    const sent = await send('/api/v1/user-document/reupload?uploadsId=1', {
      token: investor,
      size: BIG,
      withLength: false,
    });
    expect(sent.status).toBe(413);
    expect(sent.json.error).toMatchObject({
      code: 'payload_too_large',
      message: 'Размер файла не должен превышать 10 МБ',
    });
    expectReadWithin(sent, DOCUMENT_MAX_BYTES);
  });

  it('stops a 200 MB photo streamed into the store at its limit, with its size message, storing nothing', async () => {
    const files = () => t.ctx.database.db.selectFrom('stored_files').select((eb) => eb.fn.countAll().as('n'));
    const before = await files().executeTakeFirstOrThrow();
    const chunked = await send('/api/v1/backoffice/lots/1/photos', {
      token: manager,
      size: BIG,
      withLength: false,
    });
    expect(chunked.status).toBe(400);
    expect(chunked.json.error.message).toBe('Фото не больше 10 МБ');
    expectReadWithin(chunked, LOT_PHOTO_MAX_BYTES);
    const declared = await send('/api/v1/backoffice/lots/1/photos', {
      token: manager,
      size: BIG,
      withLength: true,
    });
    expect(declared.status).toBe(413);
    expect(declared.serverRead).toBeLessThan(256 * 1024);
    expect(await files().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('keeps the 1 MB limit of JSON calls, declared or not, and answers calls within the limits', async () => {
    for (const withLength of [true, false]) {
      const sent = await send('/api/v1/users/profile', {
        token: investor,
        size: 20 * MB,
        withLength,
        type: 'json',
      });
      expect(sent.status, `Content-Length: ${withLength}`).toBe(413);
      expect(sent.json.error.message).toBe('Слишком большой запрос');
      expectReadWithin(sent, BODY_LIMIT_BYTES);
    }
    // A form within the limits is read to its end as before (the document's checks answer, not a limit).
    const small = await send('/api/v1/user-document/reupload?uploadsId=999999', {
      token: investor,
      size: 4096,
      withLength: false,
    });
    expect(small.status).not.toBe(413);
    expect(small.json.error.code).not.toBe('payload_too_large');
    // A call read whole keeps its connection.
    const health = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/api/health' }, resolve).on('error', reject),
    );
    health.resume();
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('keep-alive');
  });
});
