import { useQuery } from '@tanstack/react-query';
import type { RevenueReport } from '#contracts/revenue.ts';
import { apiRequest } from '#client/lib/api-client.ts';

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
    queryKey: ['/api/revenue', params.brandId ?? 'all', params.from, params.to],
    queryFn: () => getRevenue(params),
  });
