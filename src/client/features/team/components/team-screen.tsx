import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createInvitationInputSchema,
  type AuditEntry,
  type CreateInvitationInput,
  type PendingInvitation,
} from '#contracts/team.ts';
import {
  workspaceRoles,
  type WorkspaceMemberItem,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '#contracts/workspaces.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { RequestProblem } from '#client/components/ui/form-message.tsx';
import { NextPageButton, QueryView } from '#client/components/ui/query-state.tsx';
import { fieldMessage } from '#client/lib/field-message.ts';
import {
  useAuditLog,
  useChangeRole,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
} from '../api/team.ts';

const roleLabels: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', agent: 'Agent' };

/** What each role may do, as the access policy grants it (decision 030). */
const roleHints: Record<WorkspaceRole, string> = {
  owner: 'everything, including the team and other owners',
  admin: 'everything but owners: brands, stores, Instagram, rules, the team',
  agent: 'the inbox and the playground',
};

const manages = (role: WorkspaceRole) => role === 'owner' || role === 'admin';

/** The roles a member's select and the invitation form offer: only owners give the owner role. */
const roleOptions = (isOwner: boolean) =>
  workspaceRoles
    .filter((role) => isOwner || role !== 'owner')
    .map((role) => ({ value: role, label: roleLabels[role] }));
const roleSelectClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const section = 'rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
const sectionTitle = 'text-lg font-semibold text-slate-900';

function MemberRow({
  member,
  workspace,
  isSelf,
}: {
  member: WorkspaceMemberItem;
  workspace: WorkspaceSummary;
  isSelf: boolean;
}) {
  const selectId = useId();
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const [confirming, setConfirming] = useState(false);
  const isOwner = workspace.role === 'owner';
  // Admins manage admins and agents; only owners touch owners or make someone one (the server says the same).
  const canEdit = manages(workspace.role) && (isOwner || member.role !== 'owner');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 py-3 first:border-t-0">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">
          {member.email}
          {isSelf ? <span className="font-normal text-slate-600"> (you)</span> : null}
        </p>
        {!canEdit ? (
          <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'} className="mt-1">
            {roleLabels[member.role]}
          </Badge>
        ) : null}
      </div>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            Role of {member.email}
          </label>
          <Select
            id={selectId}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) =>
              changeRole.mutate({ userId: member.userId, role: event.target.value as WorkspaceRole })
            }
            className={roleSelectClass}
            options={roleOptions(isOwner)}
          />
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            Remove<span className="sr-only"> {member.email}</span>
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Remove ${member.email}?`}
            description={
              isSelf
                ? 'You will lose access to this workspace and its brands.'
                : 'They lose access to this workspace and its brands at once. You can invite them again later.'
            }
            confirmLabel="Remove member"
            isPending={remove.isPending}
            onConfirm={() => remove.mutate(member, { onSettled: () => setConfirming(false) })}
          />
        </div>
      ) : null}
    </li>
  );
}

function Members({ workspace, currentUserId }: { workspace: WorkspaceSummary; currentUserId: string }) {
  const members = useMembers(workspace.id);
  return (
    <section aria-labelledby="team-members" className={section}>
      <h2 id="team-members" className={sectionTitle}>
        Members
      </h2>
      <QueryView query={members} loading="Loading the members…" failed="Could not load the members">
        {(list) => (
          <ul className="mt-2">
            {list.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                workspace={workspace}
                isSelf={member.userId === currentUserId}
              />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function InviteForm({ workspace }: { workspace: WorkspaceSummary }) {
  const invite = useInvite(workspace.id);
  const form = useForm<CreateInvitationInput>({
    resolver: zodResolver(createInvitationInputSchema),
    defaultValues: { email: '', role: 'agent' },
  });
  const emailError = form.formState.errors.email?.message;
  const role = form.watch('role');
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, { onSuccess: () => form.reset({ email: '', role: values.role }) }),
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-4 flex flex-wrap items-start gap-3"
    >
      <FormField label="Email" error={fieldMessage('Email', emailError)} className="min-w-0 flex-1 basis-56">
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField label="Role">
        <Select
          className={roleSelectClass}
          options={roleOptions(workspace.role === 'owner')}
          {...form.register('role')}
        />
      </FormField>
      {/* Lined up with the fields, below their labels. */}
      <Button type="submit" className="mt-6" disabled={invite.isPending}>
        Send invitation
      </Button>
      <p className="w-full text-sm text-slate-600">
        {roleLabels[role]}: {roleHints[role]}. The link works once, for 7 days.
      </p>
      <RequestProblem request={invite} fallback="Failed to send the invitation." inline className="w-full" />
    </form>
  );
}

function InvitationRow({
  invitation,
  workspace,
}: {
  invitation: PendingInvitation;
  workspace: WorkspaceSummary;
}) {
  const resend = useResendInvitation(workspace.id);
  const revoke = useRevokeInvitation(workspace.id);
  const mayTouch = workspace.role === 'owner' || invitation.role !== 'owner';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 py-3 first:border-t-0">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-600">
          {roleLabels[invitation.role]} ·{' '}
          {invitation.expired ? (
            <span className="text-amber-800">Expired</span>
          ) : (
            <>Expires {date.format(new Date(invitation.expiresAt))}</>
          )}
          {invitation.invitedBy ? <> · invited by {invitation.invitedBy}</> : null}
        </p>
      </div>
      {mayTouch ? (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(invitation.id)}
          >
            Resend<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(invitation)}
          >
            Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function Invitations({ workspace }: { workspace: WorkspaceSummary }) {
  const invitations = useInvitations(workspace.id, true);
  return (
    <section aria-labelledby="team-invitations" className={section}>
      <h2 id="team-invitations" className={sectionTitle}>
        Invite someone
      </h2>
      <InviteForm workspace={workspace} />
      <h3 className="mt-6 font-semibold text-slate-900">Pending invitations</h3>
      <QueryView
        query={invitations}
        loading="Loading the invitations…"
        failed="Could not load the invitations"
      >
        {(pending) =>
          pending.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No pending invitations.</p>
          ) : (
            <ul className="mt-2">
              {pending.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} workspace={workspace} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An audit entry in words: who did what to what. */
export function describeAuditEntry(entry: AuditEntry): string {
  const target = entry.target ?? '';
  const role = (value: unknown) => roleLabels[value as WorkspaceRole]?.toLowerCase() ?? text(value);
  switch (entry.action) {
    case 'member.role_changed':
      return `changed the role of ${target} from ${role(entry.detail.from)} to ${role(entry.detail.to)}`;
    case 'member.removed':
      return `removed ${target} (${role(entry.detail.role)})`;
    case 'invitation.created':
      return `invited ${target} as ${role(entry.detail.role)}`;
    case 'invitation.resent':
      return `sent the invitation to ${target} again`;
    case 'invitation.revoked':
      return `withdrew the invitation to ${target}`;
    case 'invitation.accepted':
      return `accepted the invitation and joined as ${role(entry.detail.role)}`;
    case 'store.connected':
      return `connected the store ${target}`;
    case 'store.disconnected':
      return `disconnected the store ${target}`;
    case 'instagram.connected':
      return `connected the Instagram account ${target}`;
    case 'instagram.disconnected':
      return `disconnected the Instagram account ${target}`;
    case 'brand.deleted':
      return `deleted the brand ${target}`;
    default:
      return `${entry.action} ${target}`.trim();
  }
}

function AuditLog({ workspace }: { workspace: WorkspaceSummary }) {
  const log = useAuditLog(workspace.id, true);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="team-audit" className={section}>
      <h2 id="team-audit" className={sectionTitle}>
        Audit log
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Role changes, invitations, store and Instagram connections and deleted brands, newest first; kept for
        a year.
      </p>
      <QueryView query={log} loading="Loading the audit log…" failed="Could not load the audit log">
        {() =>
          entries.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nothing recorded yet.</p>
          ) : (
            <ol className="mt-2">
              {entries.map((entry) => (
                <li key={entry.id} className="border-t border-slate-100 py-3 text-sm first:border-t-0">
                  <p className="break-words text-slate-900">
                    <span className="font-medium">{entry.actorEmail ?? 'Someone'}</span>{' '}
                    {describeAuditEntry(entry)}
                  </p>
                  <p className="text-slate-600">
                    <time dateTime={entry.createdAt}>{dateTime.format(new Date(entry.createdAt))}</time>
                    {entry.ipAddress ? <> · from {entry.ipAddress}</> : null}
                  </p>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
      <NextPageButton query={log} className="mt-3">
        {log.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
      </NextPageButton>
    </section>
  );
}

/**
 * The Team screen of the current workspace (decision 042): its members for everyone; roles, removal,
 * invitations and the audit log for owners and admins.
 */
export function TeamScreen({
  workspace,
  currentUserId,
}: {
  workspace: WorkspaceSummary;
  currentUserId: string;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Members workspace={workspace} currentUserId={currentUserId} />
      {manages(workspace.role) ? (
        <>
          <Invitations workspace={workspace} />
          <AuditLog workspace={workspace} />
        </>
      ) : (
        <p className="text-sm text-slate-600">
          Owners and admins of {workspace.name} invite people and change roles.
        </p>
      )}
    </div>
  );
}
