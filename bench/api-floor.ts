/**
 * The floor's own process (forked by bench/api.ts), so that nothing of the real app (its logger's buffered
 * writes, its heap, its timers) runs in the process being measured as the floor, and the other way round.
 */
import { startCpuProfile } from './cpu-profile.ts';
import { startFloor } from './floor.ts';

const [databaseUrl, statements] = process.argv.slice(2);
const floor = await startFloor(databaseUrl!, statements === 'unnamed' ? 'unnamed' : 'named');
// BENCH_CPU_PROFILE=DIR: the floor's whole serving (it seeds nothing).
const profile = await startCpuProfile('api-floor');
process.send!({ type: 'floor', url: floor.url });
process.on(
  'disconnect',
  () =>
    void profile
      .stop()
      .then(() => floor.close())
      .then(() => process.exit(0)),
);
