import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from '#contracts/zod.ts';
import { passwordLimits, passwordResetRequestSchema, type PasswordResetRequest } from '#contracts/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#contracts/paths.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { DoneMessage, ProblemMessage, RequestProblem } from '#client/components/ui/form-message.tsx';

function BackToSignIn() {
  return (
    <p className="text-center text-sm text-slate-600">
      <Link href={paths.login} className="font-medium text-brand-700 underline">
        Back to sign in
      </Link>
    </p>
  );
}

/** The server's confirmation in place of the form, and the way back. */
function DoneWithSignIn({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <DoneMessage>{message}</DoneMessage>
      <BackToSignIn />
    </div>
  );
}

/** Asks for the address; the answer reads the same whether or not it has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch {
      // Shown below from request.error.
    }
  });
  if (request.isSuccess) return <DoneWithSignIn message={request.data.message} />;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <RequestProblem request={request} fallback="That did not work. Please try again." />
      <Button type="submit" className="w-full" disabled={isSubmitting || request.isPending}>
        Email me a link
      </Button>
      <BackToSignIn />
    </form>
  );
}

const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters`)
      .max(passwordLimits.max, `Password must be at most ${passwordLimits.max} characters`),
    repeat: z.string(),
  })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    message: 'The two passwords are not the same.',
  });

/** The link's token, from the fragment the email's link carries (`#token=…`). */
const tokenFromLocation = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** Sets the new password with the emailed link's token. */
export function ResetPasswordForm() {
  const [token] = useState(tokenFromLocation);
  const confirm = useConfirmPasswordReset();
  const form = useForm<z.infer<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', repeat: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const handleSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await confirm.mutateAsync({ token, password });
    } catch {
      // Shown below from confirm.error.
    }
  });
  if (!token) {
    return (
      <div className="space-y-4">
        <ProblemMessage>
          This page needs the link from the email. Open the link again, or ask for a new one.
        </ProblemMessage>
        <p className="text-center text-sm">
          <Link href={paths.forgotPassword} className="font-medium text-brand-700 underline">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }
  if (confirm.isSuccess) return <DoneWithSignIn message={confirm.data.message} />;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <FormField label="New password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="New password again" error={errors.repeat?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('repeat')} />
      </FormField>
      {confirm.isError ? (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p>{getServerMessage(confirm.error) ?? 'That did not work. Please try again.'}</p>
          <Link href={paths.forgotPassword} className="font-medium underline">
            Ask for a new link
          </Link>
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting || confirm.isPending}>
        Set new password
      </Button>
    </form>
  );
}
