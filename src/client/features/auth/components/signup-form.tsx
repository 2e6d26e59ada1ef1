import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { passwordLimits, signupInputSchema, type SignupInput } from '#contracts/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { withReturnTo } from '#contracts/return-to.ts';
import { paths } from '#contracts/paths.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useSignup } from '../api/signup.ts';
import { FirstAdministratorWelcome } from './first-administrator-welcome.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ProblemMessage } from '#client/components/ui/form-message.tsx';
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
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField
        label="Password"
        description={`${passwordLimits.min} to ${passwordLimits.max} characters.`}
        error={errors.password?.message ?? undefined}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      {serverMessage ? <ProblemMessage>{serverMessage}</ProblemMessage> : null}
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
