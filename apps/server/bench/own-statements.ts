/**
 * A call's own reads with nothing of the portal around them: the statements the portal sends PostgreSQL for a call,
 * recorded by serve.ts (`record`, `recorded`) while the bench asks the call, then put into the bare server, which
 * runs them as the portal runs them and answers their rows as JSON (bare.ts `/statements/<key>`). The portal's code
 * cannot answer a call faster than that; only less work in the database can. PostgreSQL only: PGlite's statements
 * run in the portal's process, not through pg.
 */
import type { Server } from './api.ts';
import type { RecordedRead } from './serve.ts';

export type Statement = { text: string; values: unknown[] };

type Command = (server: Server, text: string) => Promise<Record<string, unknown>>;

/**
 * The reads the portal sends for a call asked `asks` times, one after another: those sent at least once every two
 * asks, as many times an ask as they were sent (an ask answered from the answer cache sends none).
 */
export async function recordStatements(
  command: Command,
  portal: Server,
  callUrl: string,
  headers: Record<string, string>,
  asks: number,
): Promise<Statement[]> {
  await command(portal, 'record');
  for (let ask = 0; ask < asks; ask++) await (await fetch(callUrl, { headers })).arrayBuffer();
  const { reads } = (await command(portal, 'recorded')) as { reads: RecordedRead[] };
  return reads.flatMap((read) =>
    Array.from({ length: Math.round(read.count / asks) }, () => ({ text: read.text, values: read.values })),
  );
}

/** Puts statements into the bare server under `key`, to run on the portal's database. */
export async function putStatements(bareUrl: string, key: string, portal: Server, statements: Statement[]) {
  const response = await fetch(`${bareUrl}/statements/${encodeURIComponent(key)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ database: databaseUrlOf(portal), statements }),
  });
  if (!response.ok) throw new Error(`bare server: PUT /statements/${key}: ${response.status}`);
}

/** The URL of a portal's PostgreSQL database (its scratch database, on BENCH_DATABASE_URL's server). */
function databaseUrlOf(portal: Server): string {
  const url = new URL(String(process.env.BENCH_DATABASE_URL));
  url.pathname = `/${String(portal.info.database)}`;
  return url.toString();
}
