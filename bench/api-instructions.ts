/**
 * `npm run bench:api-instructions`: the read API's Node-side cost counted in machine instructions, real app against
 * its floor (bench/floor.ts), for `GET /api/brands`, a conversation list and a message list.
 *
 * bench:api measures requests per second on a shared 2-core machine, where PostgreSQL, the load generator and the
 * server compete for the cores: one run's ratio to the floor moves by several hundredths from run to run, more
 * than any single change to the read path is worth. Here each server runs alone under valgrind's callgrind
 * (`--instr-atstart=no`: counting is switched on only for the counted stretch), with the database's answers
 * replayed from memory after the first (bench/api-instructions-server.ts), and the instructions it executes for a
 * fixed number of requests are counted, V8's optimizing compilers apart (decision 068): the same code gives the same
 * count within a few per cent whatever else the machine is doing, so a change of about 10,000 instructions a request
 * (3 % of the message list's) can be seen.
 *
 * It counts the whole process (the in-process client's share is the same for both servers) and V8 runs with
 * `--single-threaded` (no background compiler or collector threads, so nothing is counted on another thread or
 * left out), which is not how production runs: read it as where the Node side's work goes and how a change moves
 * it, not as production's CPU time. bench:api stays the measure of the target.
 *
 * Options: BENCH_TARGETS (brands,conversations,messages), BENCH_REQUESTS (counted requests per target, default
 * 1000), BENCH_WARMUP_ROUNDS (rounds of that many before counting, default 12), BENCH_SERVERS (real,floor),
 * BENCH_POSTGRES_URL, BENCH_BY_FUNCTION (N: also print, per target, the N functions whose own instructions differ
 * most between the two servers, JavaScript named from V8's perf map, bench/callgrind-functions.ts). Needs valgrind
 * (Debian's package; `callgrind_control` comes with it).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { addMessages, seed } from './api-seed.ts';
import type { ServerPlan } from './api-instructions-server.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';
import { instructionsByFunction } from './callgrind-functions.ts';

const TARGETS = (process.env.BENCH_TARGETS ?? 'brands,conversations,messages').split(',');
const SERVERS = (process.env.BENCH_SERVERS ?? 'real,floor').split(',');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 12);
const BY_FUNCTION = Number(process.env.BENCH_BY_FUNCTION ?? 0);

function requireValgrind(): void {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    process.stderr.write('bench:api-instructions needs valgrind (apt-get install valgrind).\n');
    process.exit(2);
  }
}

async function waitForFile(file: string, server: { exited: boolean; name: string }): Promise<void> {
  while (!existsSync(file)) {
    if (server.exited) throw new Error(`the ${server.name} server ended before ${path.basename(file)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The instruction count of one callgrind dump: its `totals:` line (its `summary:` line can read 0). */
function totalOf(file: string): number {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('totals:'));
  if (!line) throw new Error(`no totals in ${file}`);
  return Number(line.split(/\s+/)[1]);
}

/**
 * The part of a dump spent in V8's optimizing compilers (TurboFan and Maglev jobs, with everything they call), read
 * with callgrind_annotate. `--single-threaded` puts that work on the main thread, and whether a late optimization
 * lands inside the counted stretch or just before it moved one run's count by a quarter; counted apart, the rest
 * repeats.
 */
function compilingOf(file: string): number {
  const listing = execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  let total = 0;
  for (const line of listing.split('\n')) {
    // The job's own entry only: a name with a `'2` suffix is the same function again further down its own stack.
    if (/CompilationJob::(Execute|Finalize)JobImpl\([^']*$/.test(line)) {
      total += Number(line.trim().split(/\s+/)[0]!.replaceAll(',', ''));
    }
  }
  return total;
}

interface Count {
  /** Instructions per request, V8's optimizing compilers left out. */
  serving: number;
  /** Instructions per request spent optimizing code during the counted stretch. */
  compiling: number;
  /** Each function's own instructions per request (BENCH_BY_FUNCTION). */
  functions?: Map<string, number>;
}

/** Instructions per request for each target, counted in one run of one server under callgrind. */
async function countServer(
  name: string,
  plan: Omit<ServerPlan, 'directory'>,
): Promise<Record<string, Count>> {
  const directory = mkdtempSync(path.join(os.tmpdir(), `voicecart-instructions-${name}-`));
  const serverFile = fileURLToPath(new URL('./api-instructions-server.ts', import.meta.url));
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 writes and rewrites machine code on the heap; valgrind must notice it.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${path.join(directory, 'callgrind.out')}`,
      process.execPath,
      '--expose-gc',
      '--single-threaded',
      // Names of the machine code V8 makes, for instructionsByFunction; written at compile time only.
      ...(BY_FUNCTION > 0 ? ['--perf-basic-prof'] : []),
      serverFile,
      name,
      JSON.stringify({ ...plan, directory }),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const state = { exited: false, name };
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.on('exit', () => (state.exited = true));
  const control = (...args: string[]) =>
    execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'ignore' });
  const counts: Record<string, Count> = {};
  try {
    for (const target of Object.keys(plan.paths)) {
      await waitForFile(path.join(directory, `ready-${target}`), state);
      control('--zero');
      control('--instr=on');
      writeFileSync(path.join(directory, `go-${target}`), '');
      await waitForFile(path.join(directory, `done-${target}`), state);
      control('--instr=off');
      const before = new Set(readdirSync(directory));
      control(`--dump=${target}`);
      const dump = readdirSync(directory).find((f) => f.startsWith('callgrind.out') && !before.has(f));
      if (!dump) throw new Error(`callgrind wrote no dump for ${name} ${target}`);
      const file = path.join(directory, dump);
      const compiling = compilingOf(file);
      counts[target] = {
        serving: (totalOf(file) - compiling) / plan.requests,
        compiling: compiling / plan.requests,
      };
      if (BY_FUNCTION > 0) {
        const functions = instructionsByFunction(file, perfMapOf(child.pid));
        for (const [key, value] of functions) functions.set(key, value / plan.requests);
        counts[target].functions = functions;
      }
      writeFileSync(path.join(directory, `next-${target}`), '');
    }
    await new Promise((resolve) => child.once('exit', resolve));
  } catch (error) {
    child.kill('SIGKILL');
    process.stderr.write(errors.split('\n').slice(-20).join('\n'));
    throw error;
  } finally {
    rmSync(directory, { recursive: true, force: true });
    if (BY_FUNCTION > 0) rmSync(perfMapOf(child.pid), { force: true });
  }
  return counts;
}

/** Where V8's `--perf-basic-prof` writes (valgrind runs the program as its own process id). */
const perfMapOf = (pid: number | undefined) => path.join('/tmp', `perf-${pid}.map`);

/** The functions whose own instructions per request differ most between the real app and the floor. */
function printByFunction(target: string, real: Count | undefined, floor: Count | undefined): void {
  if (!real?.functions || !floor?.functions) return;
  const names = new Set([...real.functions.keys(), ...floor.functions.keys()]);
  const rows = [...names]
    .map((name) => {
      const inReal = real.functions!.get(name) ?? 0;
      const inFloor = floor.functions!.get(name) ?? 0;
      return {
        function: name,
        real: Math.round(inReal),
        floor: Math.round(inFloor),
        'real - floor': Math.round(inReal - inFloor),
      };
    })
    .sort((a, b) => Math.abs(b['real - floor']) - Math.abs(a['real - floor']))
    .slice(0, BY_FUNCTION);
  // Every function of the counted stretch, V8's optimizing compilers' own (`v8::internal::compiler::…`) included.
  console.log(
    `${target}: the ${BY_FUNCTION} functions whose own instructions a request differ most (compiling included)`,
  );
  console.table(rows);
}

async function main() {
  requireValgrind();
  const throwaway = await createThrowawayDatabase();
  try {
    const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
    await migrateDatabase(database);
    const { userId, brandId } = await seed(database);
    await addMessages(database, brandId, 1, 100);
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, userId)}`;
    const { rows } = await database.executeSql(
      `select id from conversations where brand_id = $1 and customer_instagram_id = 'b-50'`,
      [brandId],
    );
    await database.close();
    const allPaths: Record<string, string> = {
      brands: '/api/brands',
      conversations: `/api/brands/${brandId}/conversations`,
      messages: `/api/conversations/${rows[0]!.id as string}/messages`,
    };
    const paths = Object.fromEntries(TARGETS.map((target) => [target, allPaths[target]!]));
    const plan = {
      databaseUrl: throwaway.url,
      cookie,
      paths,
      requests: REQUESTS,
      warmupRounds: WARMUP_ROUNDS,
    };
    const counts: Record<string, Record<string, Count>> = {};
    for (const server of SERVERS) {
      const started = Date.now();
      counts[server] = await countServer(server, plan);
      process.stderr.write(`[${server}] counted in ${Math.round((Date.now() - started) / 1000)} s\n`);
    }
    const table = TARGETS.map((target) => {
      const real = counts.real?.[target]?.serving;
      const floor = counts.floor?.[target]?.serving;
      const compiling = (count: Count | undefined) =>
        count === undefined ? null : Math.round(count.compiling);
      return {
        target,
        'real (instructions/request)': real === undefined ? null : Math.round(real),
        'floor (instructions/request)': floor === undefined ? null : Math.round(floor),
        'real - floor': real === undefined || floor === undefined ? null : Math.round(real - floor),
        'floor / real':
          real === undefined || floor === undefined ? null : Math.round((floor / real) * 100) / 100,
        'real compiling': compiling(counts.real?.[target]),
        'floor compiling': compiling(counts.floor?.[target]),
      };
    });
    console.table(table);
    for (const target of TARGETS) printByFunction(target, counts.real?.[target], counts.floor?.[target]);
    console.log(
      `${REQUESTS} counted requests per target after ${WARMUP_ROUNDS} rounds of warm-up, 20 keep-alive connections, ` +
        `database answers replayed, V8 single-threaded under callgrind; instructions a request without V8's ` +
        `optimizing compilers, which are shown apart (compiling)`,
    );
  } finally {
    await throwaway.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:api-instructions failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
