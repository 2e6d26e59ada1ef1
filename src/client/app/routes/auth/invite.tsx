import type { CurrentUser } from '#contracts/auth.ts';
import { AuthPage } from '#client/features/auth/components/auth-page.tsx';
import { AcceptInvitation } from '#client/features/team/components/accept-invitation.tsx';

/** Where an invitation email's link leads (decision 042), signed in or out. */
export function InviteRoute({ user }: { user: CurrentUser | null }) {
  return (
    <AuthPage title="Join a workspace" subtitle="You were invited to a Voicecart workspace.">
      <AcceptInvitation user={user} />
    </AuthPage>
  );
}
