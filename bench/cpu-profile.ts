/**
 * BENCH_CPU_PROFILE=DIR: a V8 CPU profile of one stretch of a bench process (the load alone, not its start-up or
 * seeding), written to DIR/<name>.cpuprofile when stopped; `node bench/cpu-profile-summary.mjs FILE` lists where
 * the time went. Without the variable, nothing is recorded and `stop` does nothing.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function startCpuProfile(name: string): Promise<{ stop(): Promise<void> }> {
  const directory = process.env.BENCH_CPU_PROFILE;
  if (!directory) return { async stop() {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const { profile } = await session.post('Profiler.stop');
      const file = path.join(directory, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      process.stderr.write(`CPU profile: ${file}\n`);
    },
  };
}
