import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingUsersResponse } from '#contracts/admin.ts';
import { adminKeys } from '#client/lib/query-keys.ts';

export const pendingUsersQueryOptions = () =>
  queryOptions<PendingUsersResponse>({ queryKey: adminKeys.pendingUsers });

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions());
}
