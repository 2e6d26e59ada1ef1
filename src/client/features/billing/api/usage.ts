import { useQuery } from '@tanstack/react-query';
import type { Usage, UsageSummary } from '#contracts/usage.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';

/** GET /api/usage: this month in the current workspace. */
export const useUsage = () => useQuery<Usage>({ queryKey: ['/api/usage'] });

/** GET /api/usage/summary: the sidebar footer's count. */
export function useUsageSummary() {
  const { user } = useCurrentUser();
  return useQuery<UsageSummary>({ queryKey: ['/api/usage/summary'], enabled: Boolean(user?.verified) });
}
