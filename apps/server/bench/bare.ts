/**
 * The baseline of `npm run bench`: a bare Fastify 5 hello-world in its own process, so the portal's calls are
 * compared with what Fastify itself does on this machine at this moment. Prints `{"url": …}` when it listens.
 */
import Fastify from 'fastify';

// Run as the entry; imported, it only loads (npm run bench fills the compile cache so: src/warm-compile-cache.ts).
if (import.meta.main) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
