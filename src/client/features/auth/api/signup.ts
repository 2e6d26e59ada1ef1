import { useMutation } from '@tanstack/react-query';
import type { AuthSuccess, SignupInput } from '#contracts/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export async function signup(input: SignupInput): Promise<AuthSuccess> {
  const response = await apiRequest('POST', '/api/auth/signup', input);
  return (await response.json()) as AuthSuccess;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
