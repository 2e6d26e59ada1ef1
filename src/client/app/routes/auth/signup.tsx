import { AuthPage } from '#client/features/auth/components/auth-page.tsx';
import { SignupForm } from '#client/features/auth/components/signup-form.tsx';

/** Embedded sign-up; new accounts wait for review by the admin team. */
export function SignupRoute() {
  return (
    <AuthPage
      title="Create your account"
      subtitle="Start your free trial. We typically review new accounts within 24 hours."
    >
      <SignupForm />
    </AuthPage>
  );
}
