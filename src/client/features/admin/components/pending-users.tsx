import { Check, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { RequestProblem } from '#client/components/ui/form-message.tsx';
import { TableHead } from '#client/components/ui/table-head.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { getDisplayName } from '#client/lib/user-display.ts';
import { usePendingUsers } from '../api/get-pending-users.ts';
import { useReviewUser } from '../api/review-user.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Each decision's button, in the row's order, and the toast that confirms it. */
const decisions = [
  {
    decision: 'approve',
    label: 'Approve',
    Icon: Check,
    variant: 'default',
    doneTitle: 'Account approved',
    done: (email: string) => `${email} can now use the dashboard; they have been emailed.`,
  },
  {
    decision: 'reject',
    label: 'Reject',
    Icon: X,
    variant: 'outline',
    doneTitle: 'Account rejected',
    done: (email: string) => `${email} has been removed and emailed.`,
  },
] as const;

/** Accounts awaiting review, oldest first, each with Approve and Reject. */
export function PendingUsers() {
  const pending = usePendingUsers();
  const review = useReviewUser();

  async function handleReview(
    id: string,
    email: string,
    { decision, doneTitle, done }: (typeof decisions)[number],
  ) {
    if (
      decision === 'reject' &&
      !window.confirm(`Reject and delete the account ${email}? They will be emailed.`)
    )
      return;
    try {
      await review.mutateAsync({ id, decision });
      toast({ title: doneTitle, description: done(email) });
    } catch (error) {
      toast({
        title: 'Error',
        description: getServerMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  if (pending.isLoading) return <p className="text-sm text-slate-600">Loading accounts…</p>;
  if (pending.isError)
    return <RequestProblem request={pending} fallback="The accounts could not be loaded." inline />;
  const users = pending.data?.users ?? [];
  if (users.length === 0) return <p className="text-sm text-slate-600">No accounts are awaiting review.</p>;

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Accounts awaiting review, oldest first</caption>
        <TableHead
          columns={['Name', 'Email', 'Signed up', <span className="sr-only">Actions</span>]}
          rowClassName="border-b border-slate-200 bg-slate-50 text-slate-700"
          cellClassName="px-4 py-3 font-medium"
        />
        <tbody>
          {users.map((user) => {
            const isBusy = review.isPending && review.variables?.id === user.id;
            const name = getDisplayName({ firstName: user.firstName, lastName: user.lastName, email: null });
            return (
              <tr key={user.id} className="border-b border-slate-100 last:border-0">
                <td className="px-4 py-3 text-slate-900">{name === 'User' ? '—' : name}</td>
                <td className="px-4 py-3 text-slate-900">{user.email}</td>
                <td className="px-4 py-3 text-slate-700">
                  <time dateTime={user.createdAt}>{dateFormat.format(new Date(user.createdAt))}</time>
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    {decisions.map((choice) => (
                      <Button
                        key={choice.decision}
                        variant={choice.variant}
                        disabled={isBusy}
                        aria-label={`${choice.label} ${user.email}`}
                        onClick={() => void handleReview(user.id, user.email, choice)}
                      >
                        <choice.Icon className="h-4 w-4" aria-hidden="true" />
                        {choice.label}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
