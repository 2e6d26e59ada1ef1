import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/check-references.mjs runs in `npm run lint`; here it checks a small repository planted with one line
// of each kind it must refuse, and lines it must let through.
const script = join(process.cwd(), 'scripts/check-references.mjs');
const dir = mkdtempSync(join(tmpdir(), 'voicecart-references-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(files: Record<string, string>) {
  rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['init', '-q', dir]);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

// Assembled so that this file itself passes the check.
const section = String.fromCharCode(0xa7);
const tracker = ['Iss', 'ue'].join('');

describe('check-references', () => {
  it('passes lines that cite the repository or a public standard', () => {
    const result = check({
      'ok.ts': [
        '// Decision 016 explains the floor (docs/decisions/016-read-api-floor.md).',
        `// TEXT values (RFC 5545 ${section}3.3.11) and the claims (OpenID Connect Core ${section}5.1).`,
        '// The dashboard issues a request.',
      ].join('\n'),
    });
    expect(result).toEqual({ status: 0, stderr: '' });
  });

  it('fails naming file and line for each kind of outside reference', () => {
    const result = check({
      'a.ts': `const a = 1;\n// ${tracker} 12: the dashboard's writes.\n`,
      'b.md': `# Title\n\nAs the spec says (${section}7).\n`,
      'c.ts': `/** Webhook handshake (${'INTEG'}RATIONS.md). */\n`,
      'd.ts': `// see ../${'shared'}/product-${'spec'}.md\n`,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('a.ts:2: an issue number');
    expect(result.stderr).toContain('b.md:3: a section of a document outside');
    expect(result.stderr).toContain('c.ts:1: a document outside');
    expect(result.stderr).toContain('d.ts:1: a document outside');
    expect(result.stderr).toContain('4 line(s)');
  });
});
