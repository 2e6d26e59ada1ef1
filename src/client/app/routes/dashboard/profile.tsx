import { ProfileScreen } from '#client/features/profile/components/profile-screen.tsx';
import { PageHeader } from './with-brands.tsx';

/** Profile settings: the signed-in user's name, email, password, sessions, data export and deletion. */
export function ProfileRoute() {
  return (
    <>
      <PageHeader title="Profile Settings" subtitle="Your account, where it is signed in, and your data" />
      <ProfileScreen />
    </>
  );
}
