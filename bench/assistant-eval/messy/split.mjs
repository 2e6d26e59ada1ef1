// Splits the messy set once, at random, into a development half and a test half. The seed is fixed so the split
// can be reproduced; re-running it is only for checking: tune on dev.json, report test.json, never reshuffle.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEED = 20261125;
const here = dirname(fileURLToPath(import.meta.url));

/** mulberry32: a small, well-known 32-bit PRNG, enough for a reproducible shuffle. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const all = JSON.parse(readFileSync(join(here, 'all.json'), 'utf8'));
const random = mulberry32(SEED);
const shuffled = [...all];
// Fisher-Yates. A thread is one case (its history travels with it), so whole threads land in one half.
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
}
const half = Math.ceil(shuffled.length / 2);
const byId = (a, b) => a.id.localeCompare(b.id);
const dev = shuffled.slice(0, half).sort(byId);
const test = shuffled.slice(half).sort(byId);
writeFileSync(join(here, 'dev.json'), `${JSON.stringify(dev, null, 2)}\n`);
writeFileSync(join(here, 'test.json'), `${JSON.stringify(test, null, 2)}\n`);
console.log(`seed ${SEED}: ${all.length} cases -> dev ${dev.length}, test ${test.length}`);
