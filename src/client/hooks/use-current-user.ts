import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#contracts/auth.ts';
import { authKeys } from '#client/lib/session-query-key.ts';

/**
 * GET /api/auth/user, no retry; the user counts as signed in when data returns.
 * A 401 fails the query (the default), which means signed out.
 */
export function useCurrentUser() {
  const query = useQuery<CurrentUser>({ queryKey: authKeys.user, retry: false });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
  };
}
