import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Modal } from '#client/components/ui/dialog.tsx';
import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { paths } from '#client/config/paths.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import type { Profile } from '#contracts/profile.ts';
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

function Field({
  label,
  error,
  ...props
}: { label: string; error?: string | null | undefined } & React.ComponentProps<'input'>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Alert({ tone, children }: { tone: 'ok' | 'error'; children: ReactNode }) {
  return tone === 'ok' ? (
    <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

function NameForm({ profile }: { profile: Profile }) {
  const update = useUpdateName();
  const [firstName, setFirstName] = useState(profile.firstName ?? '');
  const [lastName, setLastName] = useState(profile.lastName ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ firstName, lastName });
      toastSuccess('Name saved', 'Your name is updated.');
    } catch (error) {
      toastFailure(error, 'Could not save your name.');
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <Field
        label="First name"
        autoComplete="given-name"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        maxLength={100}
      />
      <Field
        label="Last name"
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        maxLength={100}
      />
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
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await request.mutateAsync({
        email,
        ...(profile.hasPassword ? { currentPassword } : {}),
      });
      setCurrentPassword('');
    } catch {
      // Shown below from request.error.
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
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
      <Field
        label="New email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {profile.hasPassword && (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
      )}
      {request.isSuccess && <Alert tone="ok">{request.data.message}</Alert>}
      {request.isError && (
        <Alert tone="error">{getServerMessage(request.error) ?? 'Could not send the link.'}</Alert>
      )}
      <Button type="submit" disabled={request.isPending}>
        Send confirmation link
      </Button>
    </form>
  );
}

function PasswordForm({ profile }: { profile: Profile }) {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  if (!profile.hasPassword)
    return (
      <p className="text-sm text-slate-700">
        This account signs in through your organisation’s sign-in provider, so it has no password here.
      </p>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
    } catch {
      // Shown below from change.error.
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      {change.isSuccess && <Alert tone="ok">{change.data.message}</Alert>}
      {change.isError && (
        <Alert tone="error">{getServerMessage(change.error) ?? 'Could not change your password.'}</Alert>
      )}
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
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === profile.email;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await remove.mutateAsync({ email: typed });
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
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setTyped('');
            remove.reset();
          }
        }}
        title="Delete your account?"
        description={`Type ${profile.email} to confirm.`}
        role="alertdialog"
      >
        <form onSubmit={submit} className="space-y-4">
          <Field
            label="Your email"
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          {remove.isError && (
            <Alert tone="error">{getServerMessage(remove.error) ?? 'Could not delete your account.'}</Alert>
          )}
          <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
            Delete my account permanently
          </Button>
        </form>
      </Modal>
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
  if (confirm.isSuccess) return <Alert tone="ok">{confirm.data.message}</Alert>;
  if (confirm.isError)
    return (
      <Alert tone="error">{getServerMessage(confirm.error) ?? 'Could not confirm your new email.'}</Alert>
    );
  return null;
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
