import { useQuery } from '@tanstack/react-query';
import type { Usage, UsageSummary } from '#contracts/usage.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { usageKeys } from '#client/lib/query-keys.ts';

/** GET /api/usage: this month in the current workspace. */
export const useUsage = () => useQuery<Usage>({ queryKey: usageKeys.usage });

/** GET /api/usage/summary: the sidebar footer's count. */
export function useUsageSummary() {
  const { user } = useCurrentUser();
  return useQuery<UsageSummary>({ queryKey: usageKeys.summary, enabled: Boolean(user?.verified) });
}
