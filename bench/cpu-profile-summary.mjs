/**
 * Where a V8 CPU profile's time went: `node bench/cpu-profile-summary.mjs FILE.cpuprofile [TOP] [PATTERN]`.
 * Prints the functions with the most self time, then the most inclusive time (a function's own time and that of
 * everything it called, counted once per stack), the latter only for functions whose name or file matches
 * PATTERN (a regular expression; default: this project's src/ files). With DIVIDE=N every figure is also divided by N
 * (e.g. the DMs answered, for ms per DM).
 */
import { readFileSync } from 'node:fs';

const [file, top = '30', pattern = '^.* src/'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs FILE.cpuprofile [TOP] [PATTERN]');
  process.exit(2);
}
const divide = Number(process.env.DIVIDE ?? 1);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

// Microseconds of samples per node: each sample lasts until the next one.
const microsByNode = new Map();
profile.samples.forEach((id, index) => {
  microsByNode.set(id, (microsByNode.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
});

const nameOf = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*?\/(src|node_modules|bench)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map();
const inclusive = new Map();
let total = 0;
for (const [id, micros] of microsByNode) {
  const ms = micros / 1000;
  total += ms;
  const node = nodes.get(id);
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const name = nameOf(nodes.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
}

const idle = (self.get('(idle)') ?? 0) + (self.get('(program)') ?? 0);
const show = (ms) =>
  `${ms.toFixed(0).padStart(7)} ms${divide !== 1 ? ` ${(ms / divide).toFixed(2).padStart(7)}/N` : ''}`;
console.log(
  `${file}: ${total.toFixed(0)} ms sampled, ${(total - idle).toFixed(0)} ms busy (not idle or program)`,
);
console.log(`\nself time, top ${top}:`);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`${show(ms)}  ${name}`);
const matching = new RegExp(pattern);
console.log(`\ninclusive time, top ${top} matching ${matching}:`);
for (const [name, ms] of [...inclusive]
  .filter(([name]) => matching.test(name))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(top)))
  console.log(`${show(ms)}  ${name}`);
