import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCurrentUser } from './use-current-user.ts';

/**
 * A read only an approved account may make (brands, workspaces, notifications): behind the review modal it
 * stays in its loading state instead of asking the API for data it would refuse (403).
 */
export function useVerifiedQuery<TData, TQueryKey extends QueryKey = QueryKey>(
  options: Omit<UseQueryOptions<TData, Error, TData, TQueryKey>, 'enabled'>,
) {
  const { user } = useCurrentUser();
  return useQuery({ ...options, enabled: Boolean(user?.verified) });
}
