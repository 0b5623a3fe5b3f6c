/**
 * The baselines of `npm run bench`, in a process of their own, so the portal's calls are compared with what Fastify
 * itself does on this machine at this moment: a bare Fastify 5 hello-world (`/`), and, when BENCH_BARE_DATABASE_URL
 * is set, the floor of a call that reads PostgreSQL once: the same hello-world after one prepared `select` through a
 * pg pool of the portal's size (`/one-query`), and a call's own statements run as the portal runs them, their rows
 * answered as JSON (`/statements/<key>`, the statements the bench puts with `PUT /statements/<key>`): what a call's
 * reads cost with nothing of the portal around them; and a long answer sent as the portal's text (`/answer`, the
 * text the bench puts with `PUT /answer`): what an answer of that size costs Fastify and Node alone. Prints
 * `{"url": …}` when it listens.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../src/config.ts';
import { PreparingClient } from '../src/db/prepared.ts';

// Run as the entry; imported, it only loads (npm run bench fills the compile cache so: src/warm-compile-cache.ts).
if (import.meta.main) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  let answer = '';
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 16 * 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );
  app.put<{ Body: string }>('/answer', async (request) => {
    answer = request.body;
    return { length: answer.length };
  });
  // A text a request, as the portal's answers are, each written by the portal's route anew.
  app.get('/answer', async (_request, reply) => reply.type('application/json').send(` ${answer.slice(1)}`));
  // One statement, prepared once per connection and sent in one write, as the portal's hot reads are (src/db/prepared.ts).
  const statement = { name: 'one', text: 'select $1::int as n' };
  const databaseUrl = process.env.BENCH_BARE_DATABASE_URL;
  if (databaseUrl) {
    // A pool of the portal's size a database, made once: the one-query floor's on BENCH_BARE_DATABASE_URL, and the
    // recorded statements' on the database they were recorded on (the portal's, dropped when the portal stops,
    // which ends those connections: not this server's end).
    const pools = new Map<string, pg.Pool>();
    const poolFor = (url: string) => {
      let pool = pools.get(url);
      if (!pool) {
        pool = new pg.Pool({ Client: PreparingClient, connectionString: url, max: DEFAULT_POOL_SIZE });
        pool.on('error', () => undefined);
        pools.set(url, pool);
      }
      return pool;
    };
    const pool = poolFor(databaseUrl);
    app.get('/one-query', async () => {
      const { rows } = await pool.query<{ n: number }>({ ...statement, values: [1] });
      return { hello: 'world', n: rows[0]?.n };
    });
    // Each list has names of its own: a connection's statement name cannot take a new text.
    type Statements = { pool: pg.Pool; list: Array<{ name: string; text: string; values: unknown[] }> };
    const lists = new Map<string, Statements>();
    let listsPut = 0;
    app.put<{ Body: string; Params: { key: string } }>('/statements/:key', async (request) => {
      const given = JSON.parse(request.body) as {
        database: string;
        statements: Array<{ text: string; values: unknown[] }>;
      };
      listsPut++;
      const prefix = `s${listsPut}_`;
      const list = given.statements.map(({ text, values }, i) => ({ name: `${prefix}${i}`, text, values }));
      lists.set(request.params.key, { pool: poolFor(given.database), list });
      return { count: list.length };
    });
    app.get<{ Params: { key: string } }>('/statements/:key', async (request, reply) => {
      const statements = lists.get(request.params.key);
      if (!statements) return reply.code(404).send({ error: 'no such statements' });
      const rows: unknown[][] = [];
      for (const statement of statements.list) rows.push((await statements.pool.query(statement)).rows);
      return rows.length === 1 ? rows[0] : rows;
    });
    app.addHook('onClose', () => Promise.all([...pools.values()].map((each) => each.end())));
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
