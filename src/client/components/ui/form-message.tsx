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

/** A request's failure as a `ProblemMessage`: the server's words, else `fallback`; nothing until it fails. */
export function RequestProblem({
  request,
  fallback,
}: {
  request: { isError: boolean; error: unknown };
  fallback: string;
}) {
  return request.isError ? (
    <ProblemMessage>{getServerMessage(request.error) ?? fallback}</ProblemMessage>
  ) : null;
}

/** What a form did (the server's confirmation: a link sent, a password changed), read out when it appears. */
export function DoneMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  );
}
