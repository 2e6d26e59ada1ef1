import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The architecture's import rules (docs/architecture.md, "Import rules") as ESLint rules. Every import is judged
 * by the file it resolves to, so `#server/modules/x/…`, `../x/…` and `../../modules/x/…` are the same import.
 *
 * - `no-sibling-import`: a client feature never imports another feature; a server module never another module.
 * - `layers`: shared client code (components, lib, hooks, config) never imports features or the app, features
 *   never import the app (tests may: they render their subject as the app does); server plugins, jobs, db,
 *   integrations, auth, mail and ports never import modules.
 * - `no-cycle`: no chain of value imports leads back to the file (type-only imports are erased, so they are
 *   ignored; so are dynamic `import()`s, which load lazily by design).
 */

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** The `imports` aliases of package.json. */
const aliases = Object.entries(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {},
).map(([from, to]) => [from.replace(/\*$/, ''), join(root, String(to).replace(/\*$/, ''))]);

/** The file an import specifier names, or null for a package. */
export function resolveSpecifier(fromFile, specifier) {
  let target = null;
  if (specifier.startsWith('.')) target = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('/')) target = specifier;
  else {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) target = alias[1] + specifier.slice(alias[0].length);
  }
  if (!target) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return target;
}

/** The repository-relative path, with forward slashes. */
const rel = (file) => relative(root, file).replaceAll('\\', '/');

/** `client/features/<name>` or `server/modules/<name>` for a file inside one, else null. */
function areaOf(file) {
  const match = /^src\/(client)\/features\/([^/]+)\/|^src\/(server)\/modules\/([^/]+)\//.exec(rel(file));
  if (!match) return null;
  return match[1] ? `client/features/${match[2]}` : `server/modules/${match[4]}`;
}

/** Which folders may not import which (by repository-relative prefix). */
const layerRules = [
  {
    from: /^src\/client\/(components|lib|hooks|config)\//,
    to: /^src\/client\/(features|app)\//,
    why: 'shared client code is used by features and the app, never the other way round',
  },
  { from: /^src\/client\/features\//, to: /^src\/client\/app\//, why: 'features are composed by the app' },
  {
    from: /^src\/server\/(plugins|jobs|db|integrations|auth|mail|ports)\//,
    to: /^src\/server\/modules\//,
    why: 'modules build on plugins, jobs, db and integrations; runtime.ts wires modules in',
  },
];

/** The source nodes of a file's imports and re-exports, value and type alike. */
function sourcesOf(visit) {
  return {
    ImportDeclaration: (node) => visit(node, node.source, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => node.source && visit(node, node.source, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => visit(node, node.source, node.exportKind === 'type'),
    ImportExpression: (node) => node.source.type === 'Literal' && visit(node, node.source, false, true),
  };
}

const noSiblingImport = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { sibling: '{{from}} must not import {{to}}: compose through the caller instead.' },
  },
  create(context) {
    const own = areaOf(context.filename);
    if (!own) return {};
    return sourcesOf((node, source) => {
      const target = resolveSpecifier(context.filename, String(source.value));
      const other = target && areaOf(target);
      if (other && other !== own)
        context.report({ node, messageId: 'sibling', data: { from: own, to: other } });
    });
  },
};

const layers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { layer: '{{from}} must not import {{to}}: {{why}}.' },
  },
  create(context) {
    const from = rel(context.filename);
    // A test renders its subject inside the app's providers, as the app does.
    if (/\.test\.tsx?$/.test(from)) return {};
    const rules = layerRules.filter((rule) => rule.from.test(from));
    if (rules.length === 0) return {};
    return sourcesOf((node, source) => {
      const target = resolveSpecifier(context.filename, String(source.value));
      if (!target) return;
      const to = rel(target);
      const broken = rules.find((rule) => rule.to.test(to));
      if (broken) context.report({ node, messageId: 'layer', data: { from, to, why: broken.why } });
    });
  },
};

/** Value imports of a file on disk, read as text (cached by modification time). */
const importsOnDisk = new Map();
const importPattern =
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function valueImportsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsOnDisk.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const text = readFileSync(file, 'utf8');
  const targets = [];
  for (const match of text.matchAll(importPattern)) {
    const target = resolveSpecifier(file, match[1] ?? match[2]);
    if (target && target.startsWith(root) && !target.includes('/node_modules/')) targets.push(target);
  }
  importsOnDisk.set(file, { mtime, targets });
  return targets;
}

/** A chain of value imports from `start` back to `file`, or null. */
function chainBack(start, file) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [current, path] = stack.pop();
    if (current === file) return path;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const next of valueImportsOf(current)) if (!seen.has(next)) stack.push([next, [...path, next]]);
  }
  return null;
}

const noCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both need into a third file.' },
  },
  create(context) {
    const file = resolve(context.filename);
    if (!file.startsWith(join(root, 'src'))) return {};
    return sourcesOf((node, source, typeOnly, dynamic) => {
      if (typeOnly || dynamic) return;
      const target = resolveSpecifier(file, String(source.value));
      if (!target || !target.startsWith(root)) return;
      const chain = chainBack(target, file);
      if (chain) {
        context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map(rel).join(' → ') } });
      }
    });
  },
};

export const boundaries = {
  rules: { 'no-sibling-import': noSiblingImport, layers, 'no-cycle': noCycle },
};
