import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPaging, type Brand } from '#contracts/dashboard.ts';
import { fetchAllPages } from '#client/lib/fetch-page.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands, only when signed in. A user's brands are few, so every page is followed. */
export const getBrands = () => fetchAllPages<Brand>('/api/brands', listPaging.maxLimit);

export const brandsQueryOptions = () => queryOptions({ queryKey: brandKeys.all, queryFn: getBrands });

/**
 * Only approved users read brands: behind the review modal the dashboard stays in its loading
 * state instead of asking the API for data it would refuse (403). Every other dashboard read hangs off a brand.
 */
export const useBrands = () => {
  const { user } = useCurrentUser();
  return useQuery({ ...brandsQueryOptions(), enabled: Boolean(user?.verified) });
};
