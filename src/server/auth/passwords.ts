import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP password storage: argon2id, 19 MiB, 2 iterations, parallelism 1.
 * `2` is Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot inline.
 */
const ARGON2ID = 2;
export const passwordHashOptions = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/** A PHC string computed once, so an unknown email costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;

/** True when the password matches. A null hash (unknown user, OIDC-only account) still does the work. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('voicecart-timing-equalizer');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
