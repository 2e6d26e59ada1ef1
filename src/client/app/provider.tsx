import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DeferredToaster } from '#client/components/ui/deferred-toaster.tsx';
import { authKeys } from '#client/lib/session-query-key.ts';
import { createQueryClient } from '#client/lib/query-client.ts';

/**
 * `isKnownSignedOut`: the server sends a pre-rendered public page only to requests without a session cookie
 * (src/server/plugins/spa.ts), so a page that starts from that HTML knows the visitor is signed out and
 * does not ask `GET /api/auth/user` (whose 401 would be a console error on every public page view).
 * Signing in is a full navigation through /api/login, which starts the app afresh.
 */
export function AppProvider({
  children,
  isKnownSignedOut = false,
}: {
  children: ReactNode;
  isKnownSignedOut?: boolean;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (isKnownSignedOut) client.setQueryData(authKeys.user, null);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
