import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '#server/errors.ts';

/**
 * Secrets at rest (Instagram tokens, store credentials, the Instagram OAuth state, outbound webhook signing
 * secrets): AES-256-GCM with a 96-bit random nonce per value and the full 16-byte tag. A sealed value is `v2.<nonce>.<tag>.<ciphertext>`
 * (base64url), and its purpose is the associated data: a value sealed as an OAuth state does not open as a
 * store credential, so one cannot be swapped for another in the database or a URL.
 *
 * The first format, `v1`, had no associated data; stored secrets in it still open (with a full tag) and are
 * re-sealed as v2 at start-up (reseal.ts). An OAuth state lives ten minutes, so v1 is never read for one.
 */
export type SecretPurpose =
  | 'store-credentials'
  | 'store-webhook-secret'
  | 'instagram-token'
  | 'instagram-oauth-state'
  | 'webhook-endpoint-secret';

export interface SecretBox {
  seal(plaintext: string, purpose: SecretPurpose): string;
  open(sealed: string, purpose: SecretPurpose): string;
}

const version = 'v2';
const legacyVersion = 'v1';
const keyBytes = 32;
/** GCM opens with tags as short as 4 bytes unless told the length; anything shorter than 16 is refused. */
const tagBytes = 16;

/** True for a value in the current format; false for one to re-seal (or not sealed at all). */
export function isCurrentFormat(sealed: string): boolean {
  return sealed.startsWith(`${version}.`);
}

const associatedData = (purpose: SecretPurpose) => Buffer.from(`voicecart:${purpose}`, 'utf8');

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== keyBytes)
    throw new Error(`The encryption key must be ${keyBytes} bytes, not ${key.length}`);
  return {
    seal(plaintext, purpose) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: tagBytes });
      cipher.setAAD(associatedData(purpose));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [version, ...parts].join('.');
    },
    open(sealed, purpose) {
      const [format, nonce, authTag, ciphertext, extra] = sealed.split('.');
      const legacy = format === legacyVersion && purpose !== 'instagram-oauth-state';
      if (
        (format !== version && !legacy) ||
        !nonce ||
        !authTag ||
        ciphertext === undefined ||
        extra !== undefined
      ) {
        throw new Error(`Not a sealed secret (expected ${version}.<nonce>.<tag>.<ciphertext>)`);
      }
      const tag = Buffer.from(authTag, 'base64url');
      if (tag.length !== tagBytes) throw new Error('Not a sealed secret (the tag must be 16 bytes)');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
        authTagLength: tagBytes,
      });
      if (!legacy) decipher.setAAD(associatedData(purpose));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * On PostgreSQL without ENCRYPTION_KEY nothing can be stored safely: every connect is refused with a message that
 * names the variable, while the rest of the product works.
 */
export function createUnavailableSecretBox(): SecretBox {
  const refuse = (): never => {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Connections need ENCRYPTION_KEY (base64 of 32 random bytes, e.g. `openssl rand -base64 32`) to store their tokens encrypted',
    );
  };
  return { seal: refuse, open: refuse };
}

export const encryptionKeyFileName = 'encryption.key';

/** Decodes ENCRYPTION_KEY: base64 of exactly 32 bytes. Returns the problem as text when it is not. */
export function parseEncryptionKey(value: string): Buffer | string {
  const key = Buffer.from(value, 'base64');
  if (key.length !== keyBytes || key.toString('base64') !== value.replace(/\s/g, '')) {
    return `must be base64 of ${keyBytes} bytes (openssl rand -base64 32)`;
  }
  return key;
}

/**
 * The key in force: ENCRYPTION_KEY when set; on the embedded database a key file in DATA_DIR (created with mode
 * 0600 on first use); on PostgreSQL without the variable, null (connecting is refused, see above).
 */
export function resolveEncryptionKey(options: {
  encryptionKey?: Buffer | undefined;
  dataDir: string;
  usesEmbeddedDatabase: boolean;
}): Buffer | null {
  if (options.encryptionKey) return options.encryptionKey;
  if (!options.usesEmbeddedDatabase) return null;
  const file = path.join(options.dataDir, encryptionKeyFileName);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== keyBytes) throw new Error(`${file} does not hold base64 of ${keyBytes} bytes`);
    return key;
  }
  mkdirSync(options.dataDir, { recursive: true });
  // 'wx': never overwrite a key another start wrote a moment ago (that would orphan what it sealed).
  writeFileSync(file, `${randomBytes(keyBytes).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

export function createSecretBoxFromKey(key: Buffer | null): SecretBox {
  return key ? createSecretBox(key) : createUnavailableSecretBox();
}
