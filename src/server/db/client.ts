import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { withPreparedStatements } from './pglite-statements.ts';

export { runAhead } from './pglite-statements.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL with $1..$n parameters; one statement when values are given, several allowed without. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs one statement and returns its rows as arrays of column values, in select order, with timestamps as
 * PostgreSQL's text (as Drizzle reads them). On PostgreSQL it is a named statement, parsed once per pooled
 * connection. For the few hottest reads, whose SQL Drizzle builds once (dashboard/queries.ts): Drizzle's
 * per-row result mapping was the largest cost they had left (decision 016). Pass the same statement object on
 * every call: its fixed query config is made once per object.
 */
export type RowArrayRunner = (
  statement: { name: string; text: string },
  values: unknown[],
) => Promise<unknown[][]>;

const rowArrayRunners = new WeakMap<Database, RowArrayRunner>();

/** The runner for a database opened by openDatabase; undefined for other handles (a transaction's). */
export function rowArrayRunnerOf(db: Database): RowArrayRunner | undefined {
  return rowArrayRunners.get(db);
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** Runs fn on one connection that holds the given advisory lock (pg connections are pooled). */
  withAdvisoryLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel; `onNotify` gets each NOTIFY payload. PostgreSQL uses one dedicated connection per
   * call (reconnecting after a drop, then calling `onReconnect` so the caller can catch up on what it missed).
   * Resolves to the function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball (tests start new databases from it). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) lock = acquireDataDirLock(options.dataDir);
  let client: PGlite;
  try {
    client = new PGlite({
      // Product search uses trigram similarity; PGlite loads contrib extensions only when passed in.
      extensions: { pg_trgm },
      ...(options.dataDir ? { dataDir: path.join(path.resolve(options.dataDir), 'pglite') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  // Every query of the app (Drizzle's, pg-boss's, the raw SQL below) runs as a prepared statement (decision 024).
  const queries = withPreparedStatements(client);
  const db = drizzlePglite({ client: queries as PGlite, schema }) as unknown as Database;
  rowArrayRunners.set(db, async ({ text }, values) => {
    const result = await queries.query<unknown[]>(text, values, {
      rowMode: 'array',
      parsers: { [pgliteTypes.TIMESTAMPTZ]: (value: string) => value },
    });
    return result.rows;
  });
  const executeSql: ExecuteSql = async (text, values) => {
    if (values && values.length > 0) {
      const result = await queries.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    // exec runs several statements; the caller wants the last statement's rows.
    const results = await queries.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    db,
    kind: 'pglite',
    executeSql,
    // One connection: the lock is only taken so the code path is the same as on PostgreSQL.
    async withAdvisoryLock(key, fn) {
      await queries.query('select pg_advisory_lock($1)', [key]);
      try {
        return await fn(db);
      } finally {
        await queries.query('select pg_advisory_unlock($1)', [key]);
      }
    },
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async dumpDataDir() {
      return client.dumpDataDir('none');
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const timestampsAsText = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (text: string) => text
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Statement names by SQL text, shared by every connection of the process (a name always means one text). */
const statementNames = new Map<string, string>();
/** Past this many distinct texts new ones run unnamed: a text built with a varying shape must not grow it forever. */
const maxStatementNames = 1000;

/**
 * A query with parameters runs as a named statement: PostgreSQL parses it once per
 * connection and plans it from its cache (custom plans first, then a generic one where that is as cheap), instead
 * of parsing and planning it on every call (decision 024). Text without parameters (several statements, BEGIN,
 * COMMIT) runs as before. The parameters are the config's own or, as Drizzle passes them (`query(config, params)`),
 * the second argument's (decision 065).
 * The named config is a copy: one that inherited the caller's (as `withValues` below does from a base kept per
 * statement) would make a new prototype on every call, which V8 makes slower than the copy.
 */
function prepareQueriesOf(client: pg.PoolClient) {
  const query = client.query.bind(client) as (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (config && typeof config === 'object' && !('name' in config && config.name)) {
      const { text, values: own } = config as { text?: unknown; values?: unknown[] };
      const parameters = own ?? values;
      if (typeof text === 'string' && Array.isArray(parameters) && parameters.length > 0) {
        let name = statementNames.get(text);
        if (!name && statementNames.size < maxStatementNames) {
          name = `voicecart_${statementNames.size + 1}`;
          statementNames.set(text, name);
        }
        if (name) return query({ ...config, name }, values, callback);
      }
    }
    return query(config, values, callback);
  }) as typeof client.query;
}

/**
 * A row-array call's query config: it inherits its statement's fixed fields (name, text, row mode, type
 * parsers) from a base made once per statement, and only `values` is its own. pg copies each config it is given,
 * own property by own property, and keeps the prototype (`normalizeQueryConfig`): 2.1 µs for five own fields
 * against 0.9 µs for one (decision 064).
 */
function withValues(base: object, values: unknown[]): pg.QueryArrayConfig {
  const config = Object.create(base) as pg.QueryArrayConfig;
  config.values = values;
  return config;
}

/** Per statement of a row-array runner: the base of each call's config (`withValues`). */
const rowArrayConfigs = new WeakMap<{ name: string; text: string }, object>();

/**
 * The pool's default is node-postgres's own, 10 (config.ts's DATABASE_POOL_SIZE): more statements at once than a
 * few per database core make each slower; 20 served the read API worse and the assistant no better (decision 063).
 */
async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'voicecart' });
  pool.on('connect', prepareQueriesOf);
  // An idle connection that the server drops (restart, failover) would otherwise be an unhandled 'error'
  // event and end the process. The pool discards it and opens a new one when needed.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  // Fail fast on a wrong URL instead of at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  rowArrayRunners.set(db, async (statement, values) => {
    let base = rowArrayConfigs.get(statement);
    if (!base) {
      base = { name: statement.name, text: statement.text, rowMode: 'array', types: timestampsAsText };
      rowArrayConfigs.set(statement, base);
    }
    const result = await pool.query<unknown[]>(withValues(base, values));
    return result.rows;
  });
  return {
    db,
    kind: 'postgres',
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // Several statements give an array of results; the caller wants the last one's rows.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Database);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotify, onReconnect) => listenPostgres(url, channel, onNotify, onReconnect),
    async close() {
      await pool.end();
    },
  };
}

/** A LISTEN connection outside the pool (a pooled one would be handed to other queries). */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: 'voicecart-listen' });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client.on('error', () => {
      // The 'end' handler below reconnects; without this listener the error would end the process.
    });
    client.on('end', () => {
      if (stopped || current !== client) return;
      current = undefined;
      scheduleReconnect();
    });
    current = client;
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  let reconnecting = false;
  const scheduleReconnect = () => {
    if (reconnecting || stopped) return;
    reconnecting = true;
    retry = setTimeout(() => {
      reconnecting = false;
      connect().then(
        () => onReconnect?.(),
        () => {
          const failed = current;
          current = undefined;
          void failed?.end().catch(() => {});
          if (!stopped) scheduleReconnect();
        },
      );
    }, 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
