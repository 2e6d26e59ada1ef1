import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { getSignInErrorMessage, loginInputSchema, type LoginInput } from '#contracts/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { withReturnTo } from '#contracts/return-to.ts';
import { paths } from '#contracts/paths.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ProblemMessage } from '#client/components/ui/form-message.tsx';
import { getReturnToFromLocation, goAfterSignIn } from './return-to.ts';

export function LoginForm() {
  const login = useLogin();
  const returnTo = getReturnToFromLocation();
  // Set by GET /api/callback when an OpenID Connect sign-in came back unfinished; a known code, never free text.
  const [callbackMessage] = useState(() =>
    getSignInErrorMessage(new URLSearchParams(window.location.search).get('signInError')),
  );
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const isBusy = isSubmitting || login.isPending || login.isSuccess;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync({ ...values, ...(returnTo ? { returnTo } : {}) });
      goAfterSignIn(result.redirectTo);
    } catch {
      // Shown below from login.error.
    }
  });

  const serverMessage = login.isError
    ? (getServerMessage(login.error) ?? 'Sign-in failed. Please try again.')
    : login.isIdle
      ? callbackMessage
      : null;
  const signupHref = withReturnTo(paths.signup, returnTo);

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <p className="-mt-2 text-right text-sm">
        <Link href={paths.forgotPassword} className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
      {serverMessage ? <ProblemMessage>{serverMessage}</ProblemMessage> : null}
      <Button type="submit" className="w-full" disabled={isBusy}>
        Sign in
      </Button>
      <p className="text-center text-sm text-slate-600">
        New to Voicecart?{' '}
        <Link href={signupHref} className="font-medium text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </form>
  );
}
