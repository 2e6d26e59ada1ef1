import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingUsersResponse } from '#contracts/admin.ts';

export const pendingUsersQueryOptions = () =>
  queryOptions<PendingUsersResponse>({ queryKey: ['/api/admin/pending-users'] });

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions());
}
