import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  createSecretBoxFromKey,
  encryptionKeyFileName,
  parseEncryptionKey,
  resolveEncryptionKey,
} from './secret-box.ts';

describe('secret box (AES-256-GCM)', () => {
  it('round-trips a secret, never shows it in the sealed text, and uses a fresh nonce each time', () => {
    const box = createSecretBox(randomBytes(32));
    const secret = 'IGAAT-long-lived-token-ü';
    const first = box.seal(secret);
    const second = box.seal(secret);
    expect(first).not.toContain(secret);
    expect(first).not.toEqual(second);
    expect(box.open(first)).toBe(secret);
    expect(box.open(second)).toBe(secret);
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('token');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain-token')).toThrow(/Not a sealed secret/);
  });

  it('parses ENCRYPTION_KEY as base64 of exactly 32 bytes', () => {
    const key = randomBytes(32);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(randomBytes(16).toString('base64'))).toMatch(/32 bytes/);
    expect(parseEncryptionKey('not base64 at all!')).toMatch(/32 bytes/);
  });

  it('creates a key file with mode 0600 on the embedded database and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voicecart-key-'));
    const key = resolveEncryptionKey({ dataDir, usesEmbeddedDatabase: true });
    const file = path.join(dataDir, encryptionKeyFileName);
    expect(key?.length).toBe(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(key);
    expect(resolveEncryptionKey({ dataDir, usesEmbeddedDatabase: true })).toEqual(key);
  });

  it('has no key on PostgreSQL without ENCRYPTION_KEY, and then refuses to seal, naming the variable', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voicecart-key-'));
    const key = resolveEncryptionKey({ dataDir, usesEmbeddedDatabase: false });
    expect(key).toBeNull();
    expect(() => createSecretBoxFromKey(key).seal('token')).toThrow(/ENCRYPTION_KEY/);
    const given = randomBytes(32);
    expect(resolveEncryptionKey({ encryptionKey: given, dataDir, usesEmbeddedDatabase: false })).toEqual(
      given,
    );
  });
});
