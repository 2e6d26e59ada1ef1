import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { setupChecklistKeys } from '#client/lib/query-keys.ts';

/** GET /api/setup-checklist: the current workspace's first-run steps, ticked by the server from what is stored. */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: setupChecklistKeys.checklist,
    queryFn: async () => (await apiRequest('GET', '/api/setup-checklist')).json() as Promise<SetupChecklist>,
  });

export const useSetupChecklist = () => useQuery(setupChecklistQueryOptions());
