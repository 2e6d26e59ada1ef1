import { queryOptions } from '@tanstack/react-query';
import { listPaging, type Brand } from '#contracts/dashboard.ts';
import { fetchAllPages } from '#client/lib/fetch-page.ts';
import { useVerifiedQuery } from '#client/hooks/use-verified-query.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands, only when signed in. A user's brands are few, so every page is followed. */
export const getBrands = () => fetchAllPages<Brand>('/api/brands', listPaging.maxLimit);

export const brandsQueryOptions = () => queryOptions({ queryKey: brandKeys.all, queryFn: getBrands });

/**
 * Only approved users read brands (`useVerifiedQuery`): behind the review modal the dashboard stays in its loading
 * state. Every other dashboard read hangs off a brand.
 */
export const useBrands = () => useVerifiedQuery(brandsQueryOptions());
