import { Link } from 'wouter';
import { paths } from '#contracts/paths.ts';
import { PendingUsers } from '#client/features/admin/components/pending-users.tsx';

/** The admin team's page: accounts awaiting review. Routed for admins only. */
export default function AdminRoute() {
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-4xl">
        <Link href={paths.dashboard.overview} className="text-sm font-medium text-brand-700 underline">
          Back to dashboard
        </Link>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Accounts awaiting review</h1>
        <p className="mb-6 mt-1 text-sm text-slate-600">
          Oldest first. Approving or rejecting emails the person.
        </p>
        <PendingUsers />
      </div>
    </main>
  );
}
