import { queryOptions, useQuery } from '@tanstack/react-query';
import { availableSlotsResponseSchema, type AvailableSlotsResponse } from '#contracts/demo.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { demoKeys } from '#client/lib/query-keys.ts';

/** GET /api/demo/available-slots?date={yyyy-MM-dd}, reads availableSlots. */
export async function getAvailableSlots(date: string): Promise<AvailableSlotsResponse> {
  const response = await apiRequest('GET', `/api/demo/available-slots?date=${encodeURIComponent(date)}`);
  return availableSlotsResponseSchema.parse(await response.json());
}

export const getAvailableSlotsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: demoKeys.availableSlotsOn(date),
    queryFn: () => getAvailableSlots(date),
  });

/** Slots for one Pacific date; nothing is fetched until a date is chosen. */
export function useAvailableSlots(date: string | undefined) {
  return useQuery({ ...getAvailableSlotsQueryOptions(date ?? ''), enabled: Boolean(date) });
}
