import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { messages, type PGlite, parse, protocol, type Results, type Transaction } from '@electric-sql/pglite';
import { type Compilable, type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { Executor } from './executor.ts';
import { readRows } from './pglite-rows.ts';
import type { DB } from './schema.ts';

/**
 * Prepared statements for the hot reads: an owner's first visit runs a dozen small statements, and building each
 * anew with Kysely, then having the database parse and plan it, cost more than running it. A statement made with
 * `prepared` is built and compiled once; later calls only put their values into the compiled text's parameters.
 * Both drivers then run that text as a named prepared statement (PostgreSQL: parsed once per pooled connection;
 * PGlite: once per database), so neither parses nor plans it again.
 */

/** The texts of the prepared statements and their names, read by both drivers below. */
const statementNames = new Map<string, string>();

type Slot = { param: string } | { value: unknown };

/**
 * A statement built once. `build` receives stand-ins for the values of `params` and must use them only as values
 * of the statement (where, select, join conditions), never in JavaScript decisions or as identifiers: the first
 * call checks that each stand-in reached the compiled parameters. A list goes in as one array value
 * (`= any(${ids})`), since `in (…)` has one parameter per element.
 */
export function prepared<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Kysely<DB>, params: P) => Compilable<R> | RawBuilder<R>,
): (db: Executor, params: P) => Promise<R[]> {
  let template: { compiled: CompiledQuery<R>; slots: Slot[] } | undefined;
  return async (db, params) => {
    template ??= compileTemplate(name, db as Kysely<DB>, params, build);
    const parameters = template.slots.map((slot) => ('param' in slot ? params[slot.param] : slot.value));
    const { rows } = await db.executeQuery<R>({ ...template.compiled, parameters });
    return rows;
  };
}

/**
 * `column = anyOf(list)`: a whole list as one parameter (`= any($1)`), so the statement's text, and with it the
 * prepared statement, does not change with the list's length as `in ($1, $2, …)` does.
 */
export function anyOf<T>(values: readonly T[]): RawBuilder<T> {
  return sql<T>`any(${values})`;
}

/**
 * A value the planner plans without seeing, `(select $1::type)::type`: for the bounds of a range over a growing table
 * (months, instants) and a list whose length should not change the plan. PostgreSQL plans a prepared statement's
 * first five calls for their values, then keeps one generic plan unless the plans made for the values look cheaper.
 * As a table grows, a range's bounds make them look cheaper, and the statement was planned anew on every call, which
 * cost more than running it (×100 the demo's bookings: the booking grid 2.9 → 1.8 ms, the unit cards 1.9 → 0.8).
 * Behind a subselect, a call's plan is costed as the generic one, which is kept. The second cast lets `= any(…)` read
 * an array as an array, not as a subquery's rows.
 */
export function hiddenFromPlanner<T>(
  value: T,
  type: 'int' | 'int[]' | 'bigint[]' | 'timestamptz' | 'timestamptz[]',
): RawBuilder<T> {
  return sql<T>`(select ${value}::${sql.raw(type)})::${sql.raw(type)}`;
}

function compileTemplate<P extends Record<string, unknown>, R>(
  name: string,
  db: Kysely<DB>,
  example: P,
  build: (db: Kysely<DB>, params: P) => Compilable<R> | RawBuilder<R>,
) {
  const standIns = new Map(Object.keys(example).map((key) => [`\u0000${name}.${key}\u0000`, key]));
  const query = build(db, Object.fromEntries([...standIns].map(([standIn, key]) => [key, standIn])) as P);
  // A raw statement compiles against the database's dialect; a query builder already knows it.
  const compiled = 'isRawBuilder' in query ? query.compile(db) : query.compile();
  const slots: Slot[] = compiled.parameters.map((value) => {
    const param = typeof value === 'string' ? standIns.get(value) : undefined;
    return param === undefined ? { value } : { param };
  });
  // A prepared `*` breaks when a migration adds a column under a running instance (PostgreSQL: "cached plan must
  // not change result type"); named columns keep their type.
  if (/(?:\bselect(?:\s+distinct)?|,)\s*(?:"[^"]+"\.)?\*/i.test(compiled.sql)) {
    throw new Error(`prepared ${name}: name the columns instead of *`);
  }
  for (const [standIn, key] of standIns) {
    if (compiled.sql.includes(standIn) || !slots.some((slot) => 'param' in slot && slot.param === key)) {
      throw new Error(`prepared ${name}: ${key} must be a value of the statement`);
    }
  }
  if (!statementNames.has(compiled.sql))
    statementNames.set(compiled.sql, `p${statementNames.size + 1}_${name}`);
  return { compiled, slots };
}

/**
 * pg's client, running the prepared texts as named statements (pg parses one once per connection). A statement
 * is four or five protocol messages (parse, bind, describe, execute, sync), each its own write to the socket; the
 * socket is corked while pg submits them, so they leave in one system call (a tenth of a call's processor time).
 *
 * A query asked for a promise (Kysely's way) is given to pg with a callback and the promise made here. pg's own
 * promise form (a query made without a callback, given one afterwards) left every result alive through the young
 * generation's collections until a full one: under the booking grid's load 1.8 MB of answers reached the old
 * generation at each scavenge, a full collection ran four or five times a second, and Node's processor time a request
 * nearly doubled (0.74–0.81 ms against 0.39–0.48 with the callback; docs/performance.md).
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query's overloads; a prepared text becomes its named statement.
  override query(config: any, values?: any, callback?: any): any {
    const socket = (this.connection as { stream?: Writable }).stream;
    socket?.cork();
    try {
      const name = typeof config === 'string' ? statementNames.get(config) : undefined;
      const named = name !== undefined && Array.isArray(values);
      const query = named ? { name, text: config, values } : config;
      const args = named ? undefined : values;
      const asksForPromise =
        callback === undefined && typeof values !== 'function' && typeof config?.submit !== 'function';
      if (!asksForPromise) return super.query(query, args, callback);
      return new Promise((resolve, reject) => {
        super.query(query, args, (error: Error | null, result: unknown) =>
          error ? reject(error) : resolve(result),
        );
      }).catch((error: Error) => {
        // As pg's promise form: a stack that leads back to the caller, not to the socket's read.
        Error.captureStackTrace(error);
        throw error;
      });
    } finally {
      socket?.uncork();
    }
  }
}

/**
 * The PGlite handle Kysely is given: its `query` runs the prepared texts as named statements, prepared once on the
 * database; everything else is PGlite's own. Statements, in transactions too, give the event loop a turn every few
 * milliseconds: PGlite runs a statement synchronously and settles its promise at once, so the statements of the
 * requests waiting for the one connection would otherwise run back to back in one chain of promise callbacks, and
 * for that whole chain no request is read, no answer written and no timer fires (under load the event loop stood
 * still for 200 ms at a time although no statement took 5).
 */
export function preparingPglite(pglite: PGlite): PGlite {
  const prepare = pgliteStatements(pglite);
  const query = async (
    text: string,
    values?: unknown[],
    options?: { rowMode?: 'object' | 'array' },
  ): Promise<Results<unknown>> => {
    await turnWhenDue();
    const name = statementNames.get(text);
    return name && options?.rowMode !== 'array'
      ? prepare(name, text, values ?? [])
      : pglite.query(text, values, options);
  };
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    pglite.transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, property) {
            if (property !== 'query') {
              const value: unknown = Reflect.get(target, property, target);
              return typeof value === 'function' ? value.bind(target) : value;
            }
            return async (...args: Parameters<Transaction['query']>) => {
              await turnWhenDue();
              return target.query(...args);
            };
          },
        }),
      ),
    );
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * How long statements may run back to back before the event loop gets a turn. Measured under the bench's mixed load
 * (docs/performance.md): a turn before every statement kept the event loop's delay near 15 ms but cost a fifth of
 * the requests a second; 20 ms let the delay and the slowest answers grow again; 5 ms did best on all three.
 */
const STATEMENTS_BETWEEN_TURNS_MS = 5;
let runningSince: number | undefined;

/** Resolves at once while this stretch of statements is young, after the event loop's next turn once it is not. */
function turnWhenDue(): Promise<void> | undefined {
  const now = performance.now();
  if (runningSince === undefined) {
    runningSince = now;
    setImmediate(() => {
      runningSince = undefined;
    });
    return undefined;
  }
  if (now - runningSince < STATEMENTS_BETWEEN_TURNS_MS) return undefined;
  return nextTurn();
}

function pgliteStatements(pglite: PGlite) {
  /** Each statement prepared on this database, by name: its parameter types, and whether it only reads. */
  const preparedOnce = new Map<string, { types: number[]; readsOnly: boolean }>();
  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
  return <T>(name: string, text: string, params: unknown[]): Promise<Results<T>> =>
    // The same locks PGlite's own query takes: no transaction open, one statement at a time.
    pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let statement = preparedOnce.get(name);
        if (!statement) {
          try {
            await send(protocol.serialize.parse({ name, text }));
            const types = parse.parseDescribeStatementResults(
              await send(protocol.serialize.describe({ type: 'S', name })),
            );
            statement = { types, readsOnly: onlyReads(text) };
          } finally {
            await send(protocol.serialize.sync());
          }
          preparedOnce.set(name, statement);
        }
        const { types } = statement;
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serialize = pglite.serializers[types[index] ?? 0];
          return serialize ? serialize(value) : String(value);
        });
        const execution = [
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ];
        if (statement.readsOnly) {
          // A read's answer holds rows and nothing for PGlite to act on (a write's may hold a notification), so it
          // is taken as bytes and read by readRows; PGlite's reader only sees an error. One call for the four
          // messages: after an error PostgreSQL skips to the sync, as over a socket.
          const chunks: Uint8Array[] = [];
          await pglite.execProtocolRawStream(Buffer.concat(execution), {
            syncToFs: false,
            // A chunk is a view of PGlite's memory, valid only during the callback.
            onRawData: (chunk) => chunks.push(chunk.slice()),
          });
          const answer = Buffer.concat(chunks);
          return readRows<T>(answer, pglite.parsers) ?? resultsOf<T>(answer, pglite.parsers);
        }
        const received = [];
        try {
          for (const message of execution.slice(0, -1)) received.push(...(await send(message)));
        } finally {
          received.push(...(await send(protocol.serialize.sync())));
        }
        await pglite.syncToFs();
        return parse.parseResults(received, pglite.parsers, { rowMode: 'object' })[0] as Results<T>;
      }),
    );
}

/**
 * Whether a statement only reads, so that its answer holds rows and nothing PGlite must act on (a write's may hold a
 * change notification, and its files must be synced): a select, or a `with` none of whose parts writes. A write names
 * what it does (insert, update, delete, merge), in a `with`'s part as anywhere, so a text with one of those words takes
 * the write's path; a read that only mentions one (`for update`, a literal) just loses the shortcut. The `with` reads
 * (the first screen, the grid, the booking statistics, the lender's calls) took the write's path before: four calls
 * into PGlite, every message read into objects, the grid's 40 KB row copied once more, and the files synced.
 */
export const onlyReads = (text: string) =>
  /^\s*(?:select|with)\b/i.test(text) && !/\b(?:insert|update|delete|merge)\b/i.test(text);

/** An answer read by PGlite's own reader, its error thrown as PGlite's query throws it. */
function resultsOf<T>(answer: Uint8Array, parsers: PGlite['parsers']): Results<T> {
  const received: Parameters<typeof parse.parseResults>[0] = [];
  new protocol.Parser().parse(answer, (message) => received.push(message));
  const error = received.find((message) => message instanceof messages.DatabaseError);
  if (error) throw error;
  return parse.parseResults(received, parsers, { rowMode: 'object' })[0] as Results<T>;
}
