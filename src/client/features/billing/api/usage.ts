import { useQuery } from '@tanstack/react-query';
import type { Usage, UsageSummary } from '#contracts/usage.ts';
import { useVerifiedQuery } from '#client/hooks/use-verified-query.ts';
import { usageKeys } from '#client/lib/query-keys.ts';

/** GET /api/usage: this month in the current workspace. */
export const useUsage = () => useQuery<Usage>({ queryKey: usageKeys.usage });

/** GET /api/usage/summary: the sidebar footer's count. */
export const useUsageSummary = () => useVerifiedQuery<UsageSummary>({ queryKey: usageKeys.summary });
