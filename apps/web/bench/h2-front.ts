/**
 * The front a deployment puts before the portal (README: a reverse proxy terminating TLS), for `npm run bench:web`:
 * HTTP/2 over TLS to the browser, plain HTTP/1.1 with kept connections to the portal, as nginx or a load balancer
 * does. Over HTTP/1.1 a browser opens six connections to a host and the dashboard's calls wait behind its files;
 * over HTTP/2 they share one connection, so the bench measures what an owner of a deployment sees. The certificate is
 * a throwaway self-signed one (openssl, in a temporary folder); a browser accepts it by its key's hash
 * (`chromeFlags`), and then treats the page as any valid https page (its cache among others).
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Hop-by-hop headers: a proxy does not pass them on (and HTTP/2 forbids them). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'host',
]);

const passOn = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );

/** Starts the front for `target` (http://127.0.0.1:port); its url is https://127.0.0.1:port. */
export async function startHttp2Front(
  target: string,
): Promise<{ url: string; chromeFlags: string[]; stop: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-bench-tls-'));
  const keyFile = path.join(folder, 'key.pem');
  const certFile = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)]);
  await rm(folder, { recursive: true, force: true });
  const spki = createHash('sha256')
    .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        agent,
        headers: {
          ...passOn(request.headers),
          host: upstream.host,
          'x-forwarded-for': request.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, passOn(answer.headers));
        answer.pipe(response);
      },
    );
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  // A browser killed mid-run may leave its session open; stop ends them all.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    chromeFlags: [`--ignore-certificate-errors-spki-list=${spki}`],
    stop: async () => {
      for (const session of sessions) session.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
