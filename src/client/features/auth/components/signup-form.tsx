import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { passwordLimits, signupInputSchema, type SignupInput } from '#contracts/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths, withReturnTo } from '#client/config/paths.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useSignup } from '../api/signup.ts';
import { FirstAdministratorWelcome } from './first-administrator-welcome.tsx';
import { FormField } from './form-field.tsx';
import { getReturnToFromLocation, goAfterSignIn } from './return-to.ts';

export function SignupForm() {
  const signup = useSignup();
  const [adminWelcomeTo, setAdminWelcomeTo] = useState<string | null>(null);
  const returnTo = getReturnToFromLocation();
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const isBusy = isSubmitting || signup.isPending || signup.isSuccess;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signup.mutateAsync({ ...values, ...(returnTo ? { returnTo } : {}) });
      // A sign-up is only ever an administrator when it was the instance's first account.
      if (result.user.role === 'admin' && result.user.verified) setAdminWelcomeTo(result.redirectTo);
      else goAfterSignIn(result.redirectTo);
    } catch {
      // Shown below from signup.error.
    }
  });

  const serverMessage = signup.isError
    ? (getServerMessage(signup.error) ?? 'Sign-up failed. Please try again.')
    : null;
  const loginHref = withReturnTo(paths.login, returnTo);
  if (adminWelcomeTo !== null) return <FirstAdministratorWelcome redirectTo={adminWelcomeTo} />;

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <FormField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message ?? undefined}
        {...form.register('password')}
      />
      {!errors.password ? (
        <p className="-mt-2 text-xs text-slate-600">
          {passwordLimits.min} to {passwordLimits.max} characters.
        </p>
      ) : null}
      {serverMessage ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {serverMessage}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isBusy}>
        Create account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link href={loginHref} className="font-medium text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
