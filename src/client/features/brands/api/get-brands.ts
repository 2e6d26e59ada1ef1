import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPaging, type Brand } from '#contracts/dashboard.ts';
import { fetchAllPages } from '#client/lib/fetch-page.ts';

/** spec §7: GET /api/brands, only when signed in. A user's brands are few, so every page is followed. */
export const getBrands = () => fetchAllPages<Brand>('/api/brands', listPaging.maxLimit);

export const brandsQueryOptions = () => queryOptions({ queryKey: ['/api/brands'], queryFn: getBrands });

export const useBrands = () => useQuery(brandsQueryOptions());
