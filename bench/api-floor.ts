/**
 * The floor's own process (forked by bench/api.ts), so that nothing of the real app (its logger's buffered
 * writes, its heap, its timers) runs in the process being measured as the floor, and the other way round.
 */
import { startFloor } from './floor.ts';

const [databaseUrl, statements] = process.argv.slice(2);
const floor = await startFloor(databaseUrl!, statements === 'unnamed' ? 'unnamed' : 'named');
process.send!({ type: 'floor', url: floor.url });
process.on('disconnect', () => void floor.close().then(() => process.exit(0)));
