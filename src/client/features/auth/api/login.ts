import { useMutation } from '@tanstack/react-query';
import type { AuthSuccess, LoginInput } from '#contracts/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export async function login(input: LoginInput): Promise<AuthSuccess> {
  const response = await apiRequest('POST', '/api/auth/login', input);
  return (await response.json()) as AuthSuccess;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
