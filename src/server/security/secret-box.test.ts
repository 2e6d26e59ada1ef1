import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  createSecretBoxFromKey,
  isCurrentFormat,
  encryptionKeyFileName,
  parseEncryptionKey,
  resolveEncryptionKey,
} from './secret-box.ts';

describe('secret box (AES-256-GCM)', () => {
  it('round-trips a secret, never shows it in the sealed text, and uses a fresh nonce each time', () => {
    const box = createSecretBox(randomBytes(32));
    const secret = 'IGAAT-long-lived-token-ü';
    const first = box.seal(secret, 'instagram-token');
    const second = box.seal(secret, 'instagram-token');
    expect(first).not.toContain(secret);
    expect(first).not.toEqual(second);
    expect(box.open(first, 'instagram-token')).toBe(secret);
    expect(box.open(second, 'instagram-token')).toBe(secret);
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('token', 'instagram-token');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'instagram-token'),
    ).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'instagram-token')).toThrow();
    expect(() => box.open('plain-token', 'instagram-token')).toThrow(/Not a sealed secret/);
  });

  /** The old format (`v1.<nonce>.<tag>.<ciphertext>`, no associated data), sealed as the first version did. */
  function sealV1(key: Buffer, plaintext: string, tagLength = 16): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: tagLength });
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), ciphertext]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  it('refuses a tag shorter than 16 bytes, in either format', () => {
    const key = randomBytes(32);
    const box = createSecretBox(key);
    const sealed = box.seal('{"brand":"b"}', 'instagram-oauth-state');
    const parts = sealed.split('.');
    for (const bytes of [4, 8, 12, 15]) {
      const short = Buffer.from(parts[2]!, 'base64url').subarray(0, bytes).toString('base64url');
      expect(() =>
        box.open([parts[0], parts[1], short, parts[3]].join('.'), 'instagram-oauth-state'),
      ).toThrow();
      expect(() => box.open(sealV1(key, 'token', bytes), 'instagram-token')).toThrow();
    }
  });

  it('binds a value to its purpose: a sealed OAuth state does not open as a token, nor a token as a state', () => {
    const box = createSecretBox(randomBytes(32));
    const state = box.seal('{"userId":"u"}', 'instagram-oauth-state');
    expect(box.open(state, 'instagram-oauth-state')).toBe('{"userId":"u"}');
    expect(() => box.open(state, 'instagram-token')).toThrow();
    expect(() => box.open(state, 'store-credentials')).toThrow();
    expect(() => box.open(box.seal('secret', 'store-webhook-secret'), 'store-credentials')).toThrow();
  });

  it('reads the old format (full tag) for stored secrets, never for an OAuth state, and tells it apart', () => {
    const key = randomBytes(32);
    const box = createSecretBox(key);
    const old = sealV1(key, 'legacy-token');
    expect(isCurrentFormat(old)).toBe(false);
    expect(box.open(old, 'instagram-token')).toBe('legacy-token');
    expect(box.open(old, 'store-credentials')).toBe('legacy-token');
    expect(() => box.open(old, 'instagram-oauth-state')).toThrow();
    expect(isCurrentFormat(box.seal('x', 'instagram-token'))).toBe(true);
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
    expect(() => createSecretBoxFromKey(key).seal('token', 'instagram-token')).toThrow(/ENCRYPTION_KEY/);
    const given = randomBytes(32);
    expect(resolveEncryptionKey({ encryptionKey: given, dataDir, usesEmbeddedDatabase: false })).toEqual(
      given,
    );
  });
});
