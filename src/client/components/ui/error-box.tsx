import type { ReactNode } from 'react';

/**
 * A request that failed inside a panel or dialog, in a bordered box and read out when it appears. `className` is
 * for its spacing only; it is appended without class merging (tailwind-merge would join the landing page's bundle).
 */
export function ErrorBox({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p
      role="alert"
      className={`rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900${className ? ` ${className}` : ''}`}
    >
      {children}
    </p>
  );
}
