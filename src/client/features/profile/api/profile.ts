import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteAccountInput,
  EmailChangeInput,
  PasswordChangeInput,
  Profile,
  ProfileNameInput,
  ProfileSession,
} from '#contracts/profile.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { authKeys, profileKeys } from '#client/lib/query-keys.ts';

type Message = { message: string };

/** The email and password changes answer with a sentence to show. */
const postForMessage = async (path: string, body: unknown) =>
  (await apiRequest('POST', path, body)).json() as Promise<Message>;

/** GET /api/profile */
export const useProfile = () => useQuery<Profile>({ queryKey: profileKeys.profile });

/** GET /api/profile/sessions */
export const useProfileSessions = () => useQuery<ProfileSession[]>({ queryKey: profileKeys.sessions });

/** PATCH /api/profile; the header's name follows. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileNameInput) =>
      (await apiRequest('PATCH', '/api/profile', input)).json() as Promise<Profile>,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      await queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}

/** POST /api/profile/email: the link goes to the new address. */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) => postForMessage('/api/profile/email', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
  });
}

/** POST /api/profile/email/confirm: the token from the link's fragment. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => postForMessage('/api/profile/email/confirm', { token }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.profile });
      await queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}

/** POST /api/profile/password: other sessions are signed out, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => postForMessage('/api/profile/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

/** DELETE /api/profile/sessions/{id} */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      await apiRequest('DELETE', `/api/profile/sessions/${sessionId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

/** DELETE /api/profile: the account is gone; the caller leaves the dashboard. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiRequest('DELETE', '/api/profile', input);
    },
  });
}

/** The export's download address: a plain link, so the browser saves the server's attachment. */
export const exportUrl = '/api/profile/export';
