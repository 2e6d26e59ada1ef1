import { AuthPage } from '#client/features/auth/components/auth-page.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';

/** Embedded sign-in; GET /api/login sends visitors here when OpenID Connect is off. */
export function LoginRoute() {
  return (
    <AuthPage title="Sign in" subtitle="Welcome back to Voicecart.">
      <LoginForm />
    </AuthPage>
  );
}
