import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { CurrentUser } from '#contracts/auth.ts';
import {
  invitationSignupInputSchema,
  type InvitationPreview,
  type InvitationSignupInput,
} from '#contracts/team.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ProblemMessage, RequestProblem } from '#client/components/ui/form-message.tsx';
import { LoadingState } from '#client/components/ui/query-state.tsx';
import { withReturnTo } from '#contracts/return-to.ts';
import { paths } from '#contracts/paths.ts';
import { assignLocation } from '#client/lib/navigation.ts';
import { useAcceptInvitation, useInvitationPreview, useSignUpWithInvitation } from '../api/team.ts';

/** The link's token, from the fragment the email's link carries (`#token=…`). */
const tokenFromLocation = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

const roleWords = { owner: 'an owner', admin: 'an admin', agent: 'an agent' } as const;

function Summary({ preview }: { preview: InvitationPreview }) {
  return (
    <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      {preview.invitedBy ?? 'Someone'} invited <strong className="break-all">{preview.email}</strong> to join{' '}
      <strong>{preview.workspaceName}</strong> as {roleWords[preview.role]}.
    </p>
  );
}

/** Accepting opens the dashboard in the workspace (a full load, so every screen reads the new workspace). */
const openDashboard = () => assignLocation(paths.dashboard.overview);

function SignUpAndAccept({ token, preview }: { token: string; preview: InvitationPreview }) {
  const signUp = useSignUpWithInvitation();
  // The token rides along as a form value, so the one schema checks the whole request.
  const form = useForm<InvitationSignupInput>({
    resolver: zodResolver(invitationSignupInputSchema),
    defaultValues: { token, firstName: '', lastName: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => signUp.mutate(input, { onSuccess: openDashboard }));
  const field = (
    name: 'firstName' | 'lastName' | 'password',
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <FormField label={label} error={errors[name]?.message}>
      <Input type={type} autoComplete={autoComplete} {...form.register(name)} />
    </FormField>
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <Summary preview={preview} />
      <FormField label="Email">
        <Input type="email" value={preview.email} readOnly aria-readonly="true" />
      </FormField>
      {field('firstName', 'First name', 'text', 'given-name')}
      {field('lastName', 'Last name', 'text', 'family-name')}
      {field('password', 'Password', 'password', 'new-password')}
      <RequestProblem request={signUp} fallback="That did not work. Please try again." />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        Create account and join
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account for {preview.email}?{' '}
        <Link
          href={withReturnTo(paths.login, `${paths.invite}#token=${token}`)}
          className="font-medium text-brand-700 underline"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}

function AcceptSignedIn({
  token,
  preview,
  user,
}: {
  token: string;
  preview: InvitationPreview;
  user: CurrentUser;
}) {
  const accept = useAcceptInvitation();
  if ((user.email ?? '').toLowerCase() !== preview.email) {
    return (
      <div className="space-y-4">
        <Summary preview={preview} />
        <ProblemMessage>
          This invitation is for {preview.email}, and you are signed in as {user.email ?? 'another account'}.
          Sign out, then open the link from the email again and sign in or sign up as {preview.email}.
        </ProblemMessage>
        <Button asChild variant="outline" className="w-full">
          <a href={paths.apiLogout}>Sign out</a>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Summary preview={preview} />
      <RequestProblem request={accept} fallback="That did not work. Please try again." />
      <Button
        className="w-full"
        disabled={accept.isPending}
        onClick={() => accept.mutate(token, { onSuccess: openDashboard })}
      >
        Join {preview.workspaceName}
      </Button>
    </div>
  );
}

/**
 * Where the invitation email's link leads (decision 042). Signed out: sign up with the invited email, or sign in
 * when that address has an account. Signed in: join, unless the account is another email's.
 */
export function AcceptInvitation({ user }: { user: CurrentUser | null }) {
  const [token] = useState(tokenFromLocation);
  const preview = useInvitationPreview(token);
  if (!token) {
    return (
      <ProblemMessage>
        This page needs the link from the invitation email. Open the link from the email again.
      </ProblemMessage>
    );
  }
  if (preview.isPending) return <LoadingState label="Reading the invitation…" />;
  if (preview.isError) {
    return (
      <div className="space-y-4">
        <RequestProblem request={preview} fallback="This invitation could not be read. Please try again." />
        <p className="text-center text-sm">
          <Link href={paths.login} className="font-medium text-brand-700 underline">
            Go to sign in
          </Link>
        </p>
      </div>
    );
  }
  if (user) return <AcceptSignedIn token={token} preview={preview.data} user={user} />;
  if (preview.data.accountExists) {
    return (
      <div className="space-y-4">
        <Summary preview={preview.data} />
        <Button asChild className="w-full">
          <Link href={withReturnTo(paths.login, `${paths.invite}#token=${token}`)}>
            Sign in as {preview.data.email} to accept
          </Link>
        </Button>
      </div>
    );
  }
  return <SignUpAndAccept token={token} preview={preview.data} />;
}
