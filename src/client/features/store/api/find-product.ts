import { useMutation } from '@tanstack/react-query';
import type { FindProductResult } from '#contracts/catalog.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** GET /api/brands/{brandId}/store/find?q=: the three answers for one buyer text, with their latency. */
export const findProduct = async (brandId: string, text: string): Promise<FindProductResult> =>
  (
    await apiRequest('GET', `/api/brands/${brandId}/store/find?${new URLSearchParams({ q: text })}`)
  ).json() as Promise<FindProductResult>;

/** A mutation, not a query: each search is one explicit action of the person typing. */
export const useFindProduct = (brandId: string) =>
  useMutation({ mutationFn: (text: string) => findProduct(brandId, text) });
