import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.ts';

/**
 * Cached data never goes stale by itself, no refetch on window focus, no interval refetch,
 * no retries for queries or mutations. A 401 throws by default.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
