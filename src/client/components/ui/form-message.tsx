import type { ReactNode } from 'react';
import { getServerMessage } from '#client/lib/api-client.ts';

/**
 * Why a form was refused or a page cannot go on (sign-in, sign-up, password reset, invitation, profile), read out
 * when it appears.
 */
export function ProblemMessage({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

/**
 * A request's failure as a `ProblemMessage`: the server's words, else `fallback`; nothing until it fails. `inline`
 * shows it as a line of red text instead of a box, for a panel's or a row's own small form.
 */
export function RequestProblem({
  request,
  fallback,
  inline = false,
  className,
}: {
  request: { isError: boolean; error: unknown };
  fallback: string;
  inline?: boolean;
  /** With `inline`: added to the line's classes. */
  className?: string;
}) {
  if (!request.isError) return null;
  const message = getServerMessage(request.error) ?? fallback;
  return inline ? (
    <p role="alert" className={className ? `text-sm text-red-700 ${className}` : 'text-sm text-red-700'}>
      {message}
    </p>
  ) : (
    <ProblemMessage>{message}</ProblemMessage>
  );
}

/** What a form did (the server's confirmation: a link sent, a password changed), read out when it appears. */
export function DoneMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  );
}
