/**
 * `npm run bench:understanding`: the assistant's own CPU per message, step by step, without the channel.
 *
 * Runs the pipeline as the playground does (nothing sent, nothing stored but checkout links) over the texts of the
 * labelled sets (`BENCH_SETS`, default standard and messy-dev; never the held-out test half) on an in-memory PGlite
 * with the sample catalogs, one message at a time, `BENCH_ROUNDS` times (default 4; the first round only warms up).
 * Each step is timed with the process's CPU clock instead of the wall clock, so the figures hold on a machine
 * shared with other work: PGlite runs in this thread, so a step's database work counts in it. With
 * BENCH_CPU_PROFILE=FILE, a V8 CPU profile of the measured rounds is written there (read it with
 * `node bench/cpu-profile-summary.mjs FILE`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { brands, users } from '#server/db/schema/index.ts';
import { runPipeline } from '#server/modules/assistant/pipeline.ts';
import type { AssistantEvent } from '#server/modules/assistant/types.ts';
import { startRuntime } from '#server/runtime.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SETS = (process.env.BENCH_SETS ?? 'standard,messy-dev').split(',');
const setFiles: Record<string, string> = { standard: 'cases.json', 'messy-dev': 'messy/dev.json' };

interface EvalCase {
  id: string;
  catalog?: 'sample' | 'home-and-nutrition';
  history: string[];
  text: string;
}

/** CPU time of this process so far, in ms (user and system, every thread). */
const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function main() {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    CLIENT_DIST_DIR: '/nonexistent-client-build',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const app = await startRuntime(config, { database, workers: false, llm: null });
  try {
    const db = app.database.db;
    const [user] = await db.insert(users).values({ email: 'bench@example.com', verified: true }).returning();
    const brandOf: Record<string, { id: string; name: string }> = {};
    const cases: EvalCase[] = [];
    for (const set of SETS) {
      const file = setFiles[set];
      if (!file) throw new Error(`unknown set ${set} (standard or messy-dev)`);
      const full = path.join(import.meta.dirname, 'assistant-eval', file);
      if (!existsSync(full)) {
        console.log(`${set}: not in this checkout, left out`);
        continue;
      }
      cases.push(...(JSON.parse(readFileSync(full, 'utf8')) as EvalCase[]));
    }
    for (const catalog of new Set(cases.map((item) => item.catalog ?? 'sample'))) {
      const [brand] = await db
        .insert(brands)
        .values({
          userId: user!.id,
          name: `Bench ${catalog}`,
          username: `bench${Object.keys(brandOf).length}`,
        })
        .returning();
      await app.catalog.connections.connect(user!.id, brand!.id, {
        platform: 'sample',
        ...(catalog === 'sample' ? {} : { catalog }),
      } as { platform: 'sample' });
      brandOf[catalog] = { id: brand!.id, name: brand!.name };
    }
    const event = (item: EvalCase, round: number): AssistantEvent => ({
      kind: 'preview',
      eventKey: `bench:${item.id}:${round}`,
      brand: { ...brandOf[item.catalog ?? 'sample']!, active: true },
      conversation: null,
      commentId: null,
      customer: { username: 'bench_buyer' },
      text: item.text,
      history: item.history.map((content) => ({ sender: 'customer' as const, content })),
      personality: { archetype: 'everyman', tone: 'friendly', voiceDescription: '', exampleResponses: '' },
      rules: [],
      discloseAutomation: false,
      receivedAt: new Date(),
    });
    const effects = {
      checkWindow: async () => ({ allowed: true as const }),
      sendDirectMessage: async () => ({ status: 'sent' as const, messageIds: [], duplicate: false }),
      sendCommentReply: async () => ({ status: 'sent' as const, messageIds: [], duplicate: false }),
      escalate: async () => {},
      recordTrace: async () => {},
    };
    const steps: Record<string, number[]> = {};
    const perMessage: number[] = [];
    const profileFile = process.env.BENCH_CPU_PROFILE;
    const session = profileFile ? new Session() : null;
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round === 1 && session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      for (const item of cases) {
        const before = cpuNow();
        const trace = await runPipeline(
          { catalog: app.catalog.answers, effects, llm: null, now: cpuNow },
          event(item, round),
        );
        if (round === 0) continue;
        perMessage.push(cpuNow() - before);
        for (const [step, ms] of Object.entries(trace.timings)) (steps[step] ??= []).push(ms);
      }
    }
    if (session && profileFile) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      session.disconnect();
    }
    console.log(
      `${cases.length} messages x ${ROUNDS - 1} rounds (after one warm-up round); CPU per message: ` +
        `mean ${mean(perMessage).toFixed(2)} ms, median ${median(perMessage).toFixed(2)} ms`,
    );
    console.log(
      `steps, CPU ms (median / mean): ${Object.entries(steps)
        .map(([step, values]) => `${step} ${median(values).toFixed(2)} / ${mean(values).toFixed(2)}`)
        .join(', ')}`,
    );
  } finally {
    await app.close();
  }
}

await main();
