import { Readable } from 'node:stream';
import { ERROR_CODES } from '@portal/contract/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { readMultipart, readMultipartForm, readWhole, registerMultipart } from './multipart.ts';

const MAX = 64;
const tooLarge = () => new AppError(413, ERROR_CODES.tooLarge, 'documents.fileSize');
const options = { maxBytes: MAX, missingKey: 'documents.fileRequired', tooLarge } as const;

/** A multipart body of the parts in their order: [name, value] fields and [name, data, filename] files. */
function form(...parts: Array<[string, string] | [string, Buffer, string]>) {
  const boundary = '----multipart-test';
  const chunks = parts.map(([name, value, filename]) =>
    filename === undefined
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      : Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          value as Buffer,
          Buffer.from('\r\n'),
        ]),
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the multipart reader every upload route uses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      error instanceof AppError
        ? reply.status(error.status).send({ key: error.messageKey })
        : reply.status(500).send({ error: String(error) }),
    );
    await registerMultipart(app, { maxBytes: MAX, fields: 3 });
    app.post('/stream', async (request) => {
      const { fields, file } = await readMultipart(request, options);
      if (!file) return { fields, file: null };
      let size = 0;
      try {
        for await (const chunk of file.file) size += (chunk as Buffer).length;
      } catch (error) {
        return { fields, file: { name: file.filename, size, error: (error as Error).constructor.name } };
      }
      return { fields, file: { name: file.filename, size, truncated: file.file.truncated } };
    });
    app.post('/whole', async (request) => {
      const { file } = await readMultipart(request, options);
      if (!file) return { file: null };
      const whole = await readWhole(file, options);
      return { name: whole.name, text: whole.data.toString() };
    });
    app.post('/limited', { bodyLimit: 1024 }, async (request) => {
      const { fields, file } = await readMultipartForm(request, options);
      return { fields, size: file?.data.length };
    });
    app.post('/form', async (request) => {
      const { fields, file } = await readMultipartForm(request, options);
      return { fields, file: file && { name: file.name, text: file.data.toString() } };
    });
  });
  afterAll(() => app.close());

  const post = (url: string, body: ReturnType<typeof form>) => app.inject({ method: 'POST', url, ...body });

  it('hands over the fields sent before the file and the file as a stream, which ends with an error at the limit', async () => {
    const small = await post('/stream', form(['title', 'Вид'], ['file', Buffer.from('data'), 'a.mp4']));
    expect(small.json()).toEqual({
      fields: { title: 'Вид' },
      file: { name: 'a.mp4', size: 4, truncated: false },
    });
    const big = await post('/stream', form(['file', Buffer.alloc(MAX + 1), 'big.mp4']));
    // Past the limit the stream ends at once with the error the routes answer as their size message.
    expect(big.json().file).toEqual({
      name: 'big.mp4',
      size: expect.any(Number),
      error: 'FileTooLargeError',
    });
    expect(big.json().file.size).toBeLessThanOrEqual(MAX);
    expect((await post('/stream', form(['title', 'x']))).json()).toEqual({
      fields: { title: 'x' },
      file: null,
    });
  });

  it('reads a file whole, and answers the route’s too-large error beyond the limit', async () => {
    const fits = await post('/whole', form(['file', Buffer.alloc(MAX, 'a'), 'doc.pdf']));
    expect(fits.json()).toEqual({ name: 'doc.pdf', text: 'a'.repeat(MAX) });
    const big = await post('/whole', form(['file', Buffer.alloc(MAX + 1), 'doc.pdf']));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ key: 'documents.fileSize' });
  });

  it('reads a whole form: fields before and after the file', async () => {
    const response = await post(
      '/form',
      form(['categoryId', '2'], ['file', Buffer.from('%PDF'), 'a.pdf'], ['description', 'после файла']),
    );
    expect(response.json()).toEqual({
      fields: { categoryId: '2', description: 'после файла' },
      file: { name: 'a.pdf', text: '%PDF' },
    });
    const big = await post('/form', form(['categoryId', '2'], ['file', Buffer.alloc(MAX + 1), 'a.pdf']));
    expect(big.statusCode).toBe(413);
  });

  it("answers 413 the moment the body passes the route's limit, however it is spread over the parts", async () => {
    // Fields within their own limits, a file within its own, but together past the route's bodyLimit; sent as a
    // stream, so no Content-Length tells it beforehand.
    const body = form(
      ['title', 'x'.repeat(600)],
      ['note', 'y'.repeat(600)],
      ['file', Buffer.alloc(40), 'a.mp4'],
    );
    const response = await app.inject({
      method: 'POST',
      url: '/limited',
      headers: body.headers,
      payload: Readable.from([body.payload.subarray(0, 700), body.payload.subarray(700)]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ key: 'request.tooLarge' });
    // Under the limit the same route reads the form.
    const small = form(['title', 'x'], ['file', Buffer.alloc(40), 'a.mp4']);
    const fits = await app.inject({
      method: 'POST',
      url: '/limited',
      headers: small.headers,
      payload: Readable.from([small.payload]),
    });
    expect(fits.json()).toEqual({ fields: { title: 'x' }, size: 40 });
  });

  it('refuses a body that is not multipart, or breaks the part limits, with the file-required message', async () => {
    for (const url of ['/stream', '/whole', '/form']) {
      const json = await app.inject({ method: 'POST', url, payload: { file: 'x' } });
      expect(json.statusCode, url).toBe(400);
      expect(json.json(), url).toEqual({ key: 'documents.fileRequired' });
    }
    const tooManyFields = await post('/form', form(['a', '1'], ['b', '2'], ['c', '3'], ['d', '4']));
    expect(tooManyFields.statusCode).toBe(400);
    expect(tooManyFields.json()).toEqual({ key: 'documents.fileRequired' });
  });
});
