import { createHash, randomBytes } from 'node:crypto';

/**
 * The single-use secrets we hand out (session cookies, password reset, email change and invitation links, a held
 * booking's confirmation): 256 random bits, while the database keeps only their SHA-256, so a copy of the table
 * opens nothing.
 */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a token: its SHA-256 in hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
