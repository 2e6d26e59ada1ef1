import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

export interface PlacedSampleOrder {
  orderNumber: string;
  total: string;
  currency: string;
  attributed: boolean;
}

/** POST /api/sample-cart/order: the sample store places a paid order of the cart (public). */
export const placeSampleOrder = async (input: { items: string; ref?: string }): Promise<PlacedSampleOrder> =>
  (await apiRequest('POST', '/api/sample-cart/order', input)).json() as Promise<PlacedSampleOrder>;

export const usePlaceSampleOrder = () => useMutation({ mutationFn: placeSampleOrder });
