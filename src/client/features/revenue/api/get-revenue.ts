import { useQuery } from '@tanstack/react-query';
import type { RevenueOrdersPage, RevenueReport } from '#contracts/revenue.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { revenueKeys } from '#client/lib/query-keys.ts';

export interface RevenueParams {
  brandId?: string | undefined;
  from: string;
  to: string;
}

/** GET /api/revenue: attributed revenue per currency over a range of days (both inclusive). */
export const getRevenue = async ({ brandId, from, to }: RevenueParams): Promise<RevenueReport> =>
  (
    await apiRequest(
      'GET',
      `/api/revenue?${new URLSearchParams({ ...(brandId ? { brandId } : {}), from, to })}`,
    )
  ).json() as Promise<RevenueReport>;

export const useRevenue = (params: RevenueParams) =>
  useQuery({
    queryKey: revenueKeys.report(params),
    queryFn: () => getRevenue(params),
  });

/** GET /api/revenue/orders: the range's orders after `cursor`, newest first (the table's next page, the CSV). */
export const getRevenueOrders = async ({
  brandId,
  from,
  to,
  cursor,
  limit,
}: RevenueParams & { cursor?: string | undefined; limit: number }): Promise<RevenueOrdersPage> =>
  (
    await apiRequest(
      'GET',
      `/api/revenue/orders?${new URLSearchParams({
        ...(brandId ? { brandId } : {}),
        from,
        to,
        ...(cursor ? { cursor } : {}),
        limit: String(limit),
      })}`,
    )
  ).json() as Promise<RevenueOrdersPage>;
