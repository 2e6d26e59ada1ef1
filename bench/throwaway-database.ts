import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';

/** The PostgreSQL server the benches use unless told otherwise (BENCH_POSTGRES_URL). */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The pool the app opens (DATABASE_POOL_SIZE, its default unless set), for a bench that opens the database itself. */
export const appPoolSize = (): number =>
  loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).DATABASE_POOL_SIZE;

export interface ThrowawayDatabase {
  /** The new database's URL (the server URL with its name as the path). */
  url: string;
  name: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** A fresh database on `serverUrl` for one bench run; the caller drops it at the end. */
export async function createThrowawayDatabase(
  serverUrl = BENCH_POSTGRES_URL,
  prefix = 'voicecart_bench',
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
