#!/usr/bin/env node
/**
 * Comments, tests and docs cite only what is in this repository: `docs/decisions/…`, `docs/architecture.md`,
 * `docs/product.md`. A tracker number or a section of a document that lives elsewhere leads the next reader
 * nowhere, so `npm run lint` fails on one and names its file and line. Public standards keep their sections
 * ("RFC 5545 §3.1", "OpenID Connect Core §5.1").
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What points outside the repository. Built from pieces so that this file does not match itself. */
const tracker = ['iss', 'ue'].join('');
const outside = [
  {
    pattern: new RegExp(
      String.raw`\b[${tracker[0]}${tracker[0].toUpperCase()}]${tracker.slice(1)}\s+#?\d+|\baccounts ${tracker}\b`,
    ),
    why: 'an issue number',
  },
  { pattern: new RegExp(String.raw`(?<!\bRFC \d+ |\bCore )\u00a7`), why: 'a section of a document outside' },
  {
    pattern: new RegExp(
      ['INTEG' + 'RATIONS', 'INTER' + 'FACES', 'product-' + 'spec', '\\.\\./' + 'shared'].join('|'),
    ),
    why: 'a document outside',
  },
];

const skipped = [/^package-lock\.json$/, /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|pdf|gz|zip|wasm)$/];

/** Every line of `text` that points outside, as `{ line, why, text }`. */
function findOutsideReferences(text) {
  const found = [];
  text.split('\n').forEach((content, index) => {
    for (const { pattern, why } of outside) {
      if (pattern.test(content)) {
        found.push({ line: index + 1, why, text: content.trim() });
        break;
      }
    }
  });
  return found;
}

function trackedFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter((file) => file && !skipped.some((pattern) => pattern.test(file)));
}

/** Checks the repository this script is in, or the folder given as its argument (the script's own test). */
function main() {
  const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
  const problems = [];
  for (const file of trackedFiles(root)) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    if (text.includes('\0')) continue;
    for (const found of findOutsideReferences(text))
      problems.push(`${file}:${found.line}: ${found.why}: ${found.text}`);
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} line(s) cite something outside the repository. Say the reason in a few words, or cite ` +
        'docs/ (a decision, docs/architecture.md, docs/product.md).',
    );
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
