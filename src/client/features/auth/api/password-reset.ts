import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirm, PasswordResetRequest } from '#contracts/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';

type Answer = { message: string };

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (input: PasswordResetRequest) =>
      (await (await apiRequest('POST', '/api/auth/password-reset', input)).json()) as Answer,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: async (input: PasswordResetConfirm) =>
      (await (await apiRequest('POST', '/api/auth/password-reset/confirm', input)).json()) as Answer,
  });
}
