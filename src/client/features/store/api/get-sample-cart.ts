import { useQuery } from '@tanstack/react-query';
import type { SampleCart } from '#contracts/catalog.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { sampleCartKeys } from '#client/lib/query-keys.ts';

/** GET /api/sample-cart?items=: what a sample-store checkout link holds (public). */
export const getSampleCart = async (items: string): Promise<SampleCart> =>
  (
    await apiRequest('GET', `/api/sample-cart?${new URLSearchParams({ items })}`)
  ).json() as Promise<SampleCart>;

export const useSampleCart = (items: string) =>
  useQuery({
    queryKey: sampleCartKeys.cart(items),
    queryFn: () => getSampleCart(items),
    enabled: items !== '',
    retry: false,
  });
