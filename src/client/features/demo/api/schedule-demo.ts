import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoBookingSchema, type DemoBooking, type ScheduleDemoInput } from '#contracts/demo.ts';
import { apiRequest, isApiError } from '#client/lib/api-client.ts';
import { getAvailableSlotsQueryOptions } from './get-available-slots.ts';

/** POST /api/demo/schedule with date, timeSlot, name, email, company, phone. */
export async function scheduleDemo(input: ScheduleDemoInput): Promise<DemoBooking> {
  const response = await apiRequest('POST', '/api/demo/schedule', input);
  return demoBookingSchema.parse(await response.json());
}

/** True when the server said the slot was taken meanwhile (409). */
export const isSlotTakenError = (error: unknown) => isApiError(error, 409);

/**
 * Books a demo. Afterwards (booked, or taken by someone else) that date's slots are refetched, so a
 * taken slot is no longer offered.
 */
export function useScheduleDemo(
  options: {
    onSuccess?: (booking: DemoBooking, input: ScheduleDemoInput) => void;
    onError?: (error: Error, input: ScheduleDemoInput) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleDemo,
    onSuccess: async (booking, input) => {
      options.onSuccess?.(booking, input);
      await queryClient.invalidateQueries({ queryKey: getAvailableSlotsQueryOptions(input.date).queryKey });
    },
    onError: async (error, input) => {
      options.onError?.(error, input);
      if (isSlotTakenError(error)) {
        await queryClient.invalidateQueries({ queryKey: getAvailableSlotsQueryOptions(input.date).queryKey });
      }
    },
  });
}
