import { AuthPage } from '#client/features/auth/components/auth-page.tsx';
import {
  ForgotPasswordForm,
  ResetPasswordForm,
} from '#client/features/auth/components/password-reset-forms.tsx';

/** "Forgot password?" from the sign-in page. */
export function ForgotPasswordRoute() {
  return (
    <AuthPage title="Forgot your password?" subtitle="We will email you a link to set a new one.">
      <ForgotPasswordForm />
    </AuthPage>
  );
}

/** Where the emailed link leads. */
export function ResetPasswordRoute() {
  return (
    <AuthPage title="Set a new password" subtitle="Choose a password of at least 8 characters.">
      <ResetPasswordForm />
    </AuthPage>
  );
}
