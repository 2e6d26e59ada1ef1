import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { DoneMessage, RequestProblem } from '#client/components/ui/form-message.tsx';
import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { paths } from '#contracts/paths.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import {
  emailChangeInputSchema,
  passwordChangeInputSchema,
  profileNameInputSchema,
  type EmailChangeInput,
  type PasswordChangeInput,
  type Profile,
  type ProfileNameInput,
} from '#contracts/profile.ts';
import {
  exportUrl,
  useChangePassword,
  useConfirmEmailChange,
  useDeleteAccount,
  useProfile,
  useProfileSessions,
  useRequestEmailChange,
  useSignOutSession,
  useUpdateName,
} from '../api/profile.ts';

function Card({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function NameForm({ profile }: { profile: Profile }) {
  const update = useUpdateName();
  // `raw`: the fields are sent as typed (the server's schema makes an empty one null itself).
  const form = useForm<ProfileNameInput>({
    resolver: zodResolver(profileNameInputSchema, undefined, { raw: true }),
    defaultValues: { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toastSuccess('Name saved', 'Your name is updated.');
    } catch (error) {
      toastFailure(error, 'Could not save your name.');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" noValidate>
      <FormField label="First name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" maxLength={100} {...form.register('firstName')} />
      </FormField>
      <FormField label="Last name" error={errors.lastName?.message}>
        <Input autoComplete="family-name" maxLength={100} {...form.register('lastName')} />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
}

function EmailForm({ profile }: { profile: Profile }) {
  const request = useRequestEmailChange();
  // An account with a password confirms the change with it; one without has no such field to send.
  const form = useForm<EmailChangeInput>({
    resolver: zodResolver(emailChangeInputSchema),
    defaultValues: profile.hasPassword ? { email: '', currentPassword: '' } : { email: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await request.mutateAsync(input);
      form.resetField('currentPassword');
    } catch {
      // Shown below from request.error.
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">
        Your email: <span className="font-medium break-all">{profile.email}</span>
        {profile.pendingEmail && (
          <>
            {' '}
            (waiting for confirmation of <span className="font-medium break-all">{profile.pendingEmail}</span>
            )
          </>
        )}
      </p>
      <FormField label="New email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      {profile.hasPassword && (
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
      )}
      {request.isSuccess && <DoneMessage>{request.data.message}</DoneMessage>}
      <RequestProblem request={request} fallback="Could not send the link." />
      <Button type="submit" disabled={request.isPending}>
        Send confirmation link
      </Button>
    </form>
  );
}

function PasswordForm({ profile }: { profile: Profile }) {
  if (!profile.hasPassword)
    return (
      <p className="text-sm text-slate-700">
        This account signs in through your organisation’s sign-in provider, so it has no password here.
      </p>
    );
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeInputSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
      form.reset();
    } catch {
      // Shown below from change.error.
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      {change.isSuccess && <DoneMessage>{change.data.message}</DoneMessage>}
      <RequestProblem request={change} fallback="Could not change your password." />
      <Button type="submit" disabled={change.isPending}>
        Change password
      </Button>
    </form>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionList() {
  const sessions = useProfileSessions();
  const signOut = useSignOutSession();
  if (sessions.isLoading) return <LoadingState label="Loading sessions..." />;
  if (sessions.isError || !sessions.data)
    return (
      <ErrorState
        title="Could not load your sessions"
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
      />
    );
  return (
    <ul className="divide-y divide-slate-100" aria-label="Active sessions">
      {sessions.data.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              {session.device}
              {session.current && (
                <span className="ml-2 text-xs font-semibold text-green-800">This device</span>
              )}
            </p>
            <p className="text-slate-600">
              {session.address ?? 'Unknown address'} · Last seen{' '}
              {dateTime.format(new Date(session.lastSeenAt))}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
            disabled={signOut.isPending}
            onClick={async () => {
              try {
                await signOut.mutateAsync(session.id);
                if (session.current) window.location.assign(paths.login);
              } catch (error) {
                toastFailure(error, 'Could not sign that session out.');
              }
            }}
          >
            Sign out
          </Button>
        </li>
      ))}
    </ul>
  );
}

function DeleteAccount({ profile }: { profile: Profile }) {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const confirm = async (email: string) => {
    try {
      await remove.mutateAsync({ email });
      window.location.assign(paths.home);
    } catch {
      // Shown in the dialog from remove.error.
    }
  };
  return (
    <>
      <p className="text-sm text-slate-700">
        Deletes your account, your personal workspace and its brands with their conversations. This cannot be
        undone.
      </p>
      <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title="Delete your account?"
        description={`Type ${profile.email} to confirm.`}
        typed={{
          label: 'Your email',
          type: 'email',
          matches: (typed) => typed.trim().toLowerCase() === profile.email,
        }}
        confirmLabel="Delete my account permanently"
        isPending={remove.isPending}
        error={remove.isError ? (getServerMessage(remove.error) ?? 'Could not delete your account.') : null}
        onConfirm={(email) => void confirm(email)}
      />
    </>
  );
}

/** Opens the email-change link: its token is in the fragment (`#confirm-email=…`), never sent in a URL. */
function EmailConfirmation() {
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  const used = useRef<string | null>(null);
  useEffect(() => {
    // On arrival, and when the link is opened in a tab already on this screen (only the fragment changes).
    const take = () => {
      const match = /^#confirm-email=([A-Za-z0-9_-]{43})$/.exec(window.location.hash);
      if (!match || used.current === match[1]) return;
      used.current = match[1]!;
      window.history.replaceState(null, '', window.location.pathname);
      mutate(match[1]!);
    };
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, [mutate]);
  if (confirm.isSuccess) return <DoneMessage>{confirm.data.message}</DoneMessage>;
  return <RequestProblem request={confirm} fallback="Could not confirm your new email." />;
}

/** `/dashboard/settings/profile`: the signed-in user's own account. */
export function ProfileScreen() {
  const profile = useProfile();
  return (
    <div className="max-w-3xl space-y-6">
      <EmailConfirmation />
      {profile.isLoading ? (
        <LoadingState label="Loading your profile..." />
      ) : profile.isError || !profile.data ? (
        <ErrorState
          title="Could not load your profile"
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <>
          <Card title="Name">
            <NameForm profile={profile.data} />
          </Card>
          <Card
            title="Email"
            description="A confirmation link goes to the new address; your email changes when you open it."
          >
            <EmailForm profile={profile.data} />
          </Card>
          <Card title="Password" description="Changing it signs out every other session.">
            <PasswordForm profile={profile.data} />
          </Card>
          <Card title="Active sessions" description="Where your account is signed in.">
            <SessionList />
          </Card>
          <Card title="Your data" description="Everything tied to your account, as one JSON file.">
            <Button asChild variant="outline">
              <a href={exportUrl} download>
                Export my data
              </a>
            </Button>
          </Card>
          <Card title="Delete my account">
            <DeleteAccount profile={profile.data} />
          </Card>
        </>
      )}
    </div>
  );
}
