import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewResult } from '#contracts/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { pendingUsersQueryOptions } from './get-pending-users.ts';

export type ReviewDecision = 'approve' | 'reject';

/** POST /api/admin/users/:id/approve or /reject. */
export async function reviewUser({
  id,
  decision,
}: {
  id: string;
  decision: ReviewDecision;
}): Promise<ReviewResult> {
  const response = await apiRequest('POST', `/api/admin/users/${encodeURIComponent(id)}/${decision}`);
  return (await response.json()) as ReviewResult;
}

export function useReviewUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingUsersQueryOptions().queryKey }),
  });
}
