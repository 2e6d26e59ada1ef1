import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { getServerMessage } from '#client/lib/api-client.ts';
import { Button, type ButtonProps } from './button.tsx';

/** A loading line that screen readers announce. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 p-4 text-sm text-slate-600">
      <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
      {label}
    </div>
  );
}

/** What failed, the server's words when it sent any, and a way to try again. */
export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const detail = getServerMessage(error) ?? (error instanceof Error ? error.message : null);
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-red-900">
        <CircleAlert aria-hidden="true" className="h-4 w-4" />
        {title}
      </p>
      {detail && <p className="text-red-800">{detail}</p>}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * A read's three states, the same on every screen: loading (announced), failed (the server's words and Try
 * again), and its data, which `children` renders (a paged read's pages loaded so far).
 */
export function QueryView<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  /** The loading line ("Loading the members…"). */
  loading: string;
  /** The failure's title ("Could not load the members"). */
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError) {
    return <ErrorState title={failed} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

/** The next page of a paged read, while there is one: an outline button, off while that page loads. */
export function NextPageButton({
  query,
  size,
  className,
  children,
}: {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  size?: ButtonProps['size'];
  className?: string;
  children: ReactNode;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      size={size}
      className={className}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {children}
    </Button>
  );
}
