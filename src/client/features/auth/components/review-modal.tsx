import * as Dialog from '@radix-ui/react-dialog';
import { Clock } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#contracts/paths.ts';
import { assignLocation } from '#client/lib/navigation.ts';

const preventClose = (event: Event) => event.preventDefault();

/**
 * Account Under Review: shown over the blurred dashboard to signed-in users awaiting approval.
 * It cannot be dismissed (Escape and outside clicks are ignored) and keeps focus inside; the only way out is
 * Sign Out, a browser navigation to /api/logout.
 */
export function ReviewModal({ email }: { email: string | null }) {
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          onEscapeKeyDown={preventClose}
          onPointerDownOutside={preventClose}
          onInteractOutside={preventClose}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50">
            <Clock className="h-6 w-6 text-brand-700" aria-hidden="true" />
          </div>
          <Dialog.Title className="text-center text-xl font-semibold text-slate-900">
            Account Under Review
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-center text-sm text-slate-700">
            Thank you for signing up! Your account is currently being reviewed by our admin team.
          </Dialog.Description>
          <p className="mt-3 text-center text-sm text-slate-700">
            You&apos;ll receive an email at <strong className="font-semibold">{email || 'your email'}</strong>{' '}
            once your account has been approved.
          </p>
          <p className="mt-3 text-center text-sm text-slate-600">
            We typically review accounts within 24 hours
          </p>
          <Button variant="outline" className="mt-6 w-full" onClick={() => assignLocation(paths.apiLogout)}>
            Sign Out
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
