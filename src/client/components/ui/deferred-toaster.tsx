import { lazy, Suspense, useState } from 'react';
import { useToast } from '#client/hooks/use-toast.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster when the first toast is raised, so pages that never show one (most visits to the
 * landing page) do not load it. Same store, same behaviour once mounted (one at a time, 5000 ms, F8).
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [isNeeded, setNeeded] = useState(false);
  if (!isNeeded && toasts.length > 0) setNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
