import { sql } from 'drizzle-orm';
import type { RetentionRule } from '#server/db/batched-delete.ts';
import type { Database } from '#server/db/client.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteParams {
  routeInfo?: { method?: string; url?: string };
}

/**
 * A store for @fastify/rate-limit that counts in the database (table rate_limit_counters): one upsert per
 * limited request, so two instances on one PostgreSQL enforce the limit of one. A window starts with the first
 * request and resets when it ends (the plugin's own fixed-window behaviour). The plugin builds the store with
 * `new`, so it is a class made around the database.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;
    constructor(_globalParams?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    child(params: RouteParams) {
      return new DatabaseRateLimitStore(
        undefined,
        `${params.routeInfo?.method ?? ''} ${params.routeInfo?.url ?? ''}|`,
      );
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      (
        db.execute(sql`
        insert into rate_limit_counters (key, count, reset_at)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limit_counters.reset_at <= now() then 1 else rate_limit_counters.count + 1 end,
          reset_at = case when rate_limit_counters.reset_at <= now() then excluded.reset_at
                          else rate_limit_counters.reset_at end
        returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`) as unknown as Promise<{
          rows: { count: number; ttl: number }[];
        }>
      ).then(
        (result) => {
          const row = result.rows[0]!;
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
  };
}

/** Housekeeping: a counter whose window has ended counts nothing (the job's list gives it an hour's grace). */
export const rateLimitCountersRetention: RetentionRule = {
  table: 'rate_limit_counters',
  key: 'key',
  column: 'reset_at',
};
