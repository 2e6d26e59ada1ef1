/**
 * The session's key, kept apart from `query-keys.ts` (which re-exports it as `authKeys`): the public pages read the
 * session, and importing the whole key table from them would put it in the landing page's bundle.
 */
export const authKeys = {
  /** The session's user (`null` when signed out). */
  user: ['/api/auth/user'] as const,
};
