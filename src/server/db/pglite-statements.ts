import { AsyncLocalStorage } from 'node:async_hooks';
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const ahead = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with its PGlite queries and transactions ahead of those already waiting for the database (never ahead
 * of one running). PGlite is one connection in the app's one thread: under a burst, the Instagram webhook's insert
 * would otherwise wait behind the processing and replies of every event before it, and Meta waits for its 200 only
 * so long. No effect on PostgreSQL, whose pool runs queries side by side.
 */
export function runAhead<T>(fn: () => Promise<T>): Promise<T> {
  return ahead.run(true, fn);
}

/** A lock with two queues: callers inside `runAhead` are let in before the others, each queue in order. */
class Lane {
  #held = false;
  readonly #first: (() => void)[] = [];
  readonly #rest: (() => void)[] = [];

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#held) {
      await new Promise<void>((resolve) => (ahead.getStore() ? this.#first : this.#rest).push(resolve));
    } else {
      this.#held = true;
    }
    try {
      return await fn();
    } finally {
      // The lock passes straight to the next caller, so nobody can slip in between, but through `setImmediate`:
      // PGlite answers within the call, so a queue of waiters would otherwise run on as one chain of promise
      // callbacks, and Node would read no socket (no new webhook, no answer from Graph) until the queue is empty.
      const next = this.#first.shift() ?? this.#rest.shift();
      if (next) setImmediate(next);
      else this.#held = false;
    }
  }
}

/** Past this many distinct texts new ones run as the unnamed statement (as on PostgreSQL, client.ts). */
const maxStatementNames = 1000;

/** The part of PGlite's interface that Drizzle's PGlite driver and our DatabaseHandle call. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/**
 * PGlite's `query` sends each parameterised statement as six protocol calls (parse, describe, bind, describe,
 * execute, sync), each a trip into the WebAssembly backend and a parse of its answer, and the backend parses,
 * analyses and plans the SQL text every time. Under the assistant's load that was most of the app's CPU on PGlite
 * (decision 024). Here a text is parsed once into a named prepared statement (its parameter types kept), and every
 * later call is one protocol call: bind, describe, execute and sync together; the backend plans from its cache as
 * PostgreSQL does for the named statements of client.ts. Results are parsed by PGlite's own `parseResults`, so rows
 * look exactly as `query` gives them.
 *
 * Only PGlite's public interface is used. `execProtocol` takes no lock, so every call holds PGlite's query lock
 * (`runExclusive`); a call outside a transaction must also never run inside another caller's transaction, which
 * PGlite's `query` ensures with a private lock: here `transactions` plays that part for every query, exec and
 * transaction that goes through this object (all of Drizzle's, pg-boss's and the app's raw SQL do).
 */
export function withPreparedStatements(
  client: PGlite,
  { maxNames = maxStatementNames }: { maxNames?: number } = {},
): PgliteQueries {
  const names = new Map<string, { name: string; paramTypes: number[] }>();
  const transactions = new Lane();

  async function prepare(text: string, name: string, options?: QueryOptions) {
    const { messages } = await client.execProtocol(
      joinMessages([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseDescribeStatementResults(messages);
  }

  /** Runs one statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // A call queued here before close() ran must not reach the closed backend (PGlite's own calls refuse too).
    if (client.closed) throw new Error('PGlite is closed');
    let statement = names.get(text);
    if (!statement) {
      const name = names.size < maxNames ? `voicecart_${names.size + 1}` : '';
      // The parse fails on bad SQL before anything is kept.
      statement = { name, paramTypes: await prepare(text, name, options) };
      if (name) names.set(text, statement);
    }
    const { paramTypes } = statement;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = paramTypes[index]!;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      joinMessages([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!client.isInTransaction()) await client.syncToFs();
    // parseResults merges a call's own parsers into PGlite's by spreading both into a new object; PGlite's hold a
    // parser per type and array type (over 300), and Drizzle passes its own on every query, so that copy was most of
    // the parse's cost. A prototype chain gives the same lookups for the price of the call's few entries.
    if (!options?.parsers) return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
    const parsers = Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers);
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  // A blob (COPY) needs PGlite's own handling; nothing here uses one, but the fallback keeps it right.
  const useOwn = (options?: QueryOptions) => options?.blob !== undefined;

  return {
    query: (text, params, options) =>
      transactions.run(() =>
        useOwn(options)
          ? client.query(text, params, options)
          : client.runExclusive(() => run(text, params, options)),
      ),
    exec: (text, options) => transactions.run(() => client.exec(text, options)),
    transaction: (callback) =>
      transactions.run(() =>
        client.transaction((tx) =>
          callback({
            ...tx,
            get closed() {
              return tx.closed;
            },
            query: async (text, params, options) => {
              if (tx.closed) throw new Error('Transaction is closed');
              if (useOwn(options)) return tx.query(text, params, options);
              return client.runExclusive(() => run(text, params, options));
            },
          }),
        ),
      ),
  };
}

function joinMessages(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
