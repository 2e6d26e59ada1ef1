import { useQuery } from '@tanstack/react-query';
import type { Usage, UsageSummary } from '#contracts/usage.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { usageKeys } from '#client/lib/query-keys.ts';

/** GET /api/usage: this month in the current workspace. */
export const useUsage = () => useQuery<Usage>({ queryKey: usageKeys.usage });

/**
 * GET /api/usage/summary: the sidebar footer's count. It waits for an approved account as `useVerifiedQuery`
 * does, written out here: the Billing chunk importing that hook made the build split a new shared chunk, which the
 * landing page's preload map then names (.size-limit.js).
 */
export function useUsageSummary() {
  const { user } = useCurrentUser();
  return useQuery<UsageSummary>({ queryKey: usageKeys.summary, enabled: Boolean(user?.verified) });
}
