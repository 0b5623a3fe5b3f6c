import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** A query runner: the database itself or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;
