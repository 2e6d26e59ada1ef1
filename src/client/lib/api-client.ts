import type { QueryFunction } from '@tanstack/react-query';

/**
 * A non-OK answer: its status and body, kept as they came. The message reads `${status}: ${body text, or
 * statusText when the body is empty}` (docs/product.md, Calls); code reads `status` and `body`, never the message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** True when `error` is the server's answer with this status. */
export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** Any non-OK response becomes an ApiError. */
export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw new ApiError(response.status, (await response.text()) || response.statusText);
}

/**
 * The one request helper (docs/product.md, Calls). Credentials always go along; a JSON content type and body only when
 * there is a body.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    ...(data === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) }),
  });
  await throwIfResponseNotOk(response);
  return response;
}

export type On401 = 'throw' | 'returnNull';

/** A read joins the query key's segments with `/` and parses JSON. A 401 throws unless told otherwise. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResponseNotOk(response);
    return (await response.json()) as T;
  };
}

/**
 * The words a person should read from a server answer: the `message` of a JSON error body, else the body text.
 * Null for anything else, an empty body, or an HTML error page.
 */
export function serverMessageOf(body: string): string | null {
  const text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || null;
    }
  } catch {
    // Not JSON: the text itself is the message, unless it is an HTML error page.
  }
  return text.startsWith('<') ? null : text || null;
}

/** The server's own words from an error thrown above; null for errors that are not a server answer. */
export function getServerMessage(error: unknown): string | null {
  return error instanceof ApiError ? serverMessageOf(error.body) : null;
}
