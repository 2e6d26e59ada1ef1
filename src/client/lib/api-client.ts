import type { QueryFunction } from '@tanstack/react-query';

/** Any non-OK response is an Error `${status}: ${body text, or statusText when the body is empty}`. */
export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
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
 * The server's own words from an error thrown above: the `message` of a JSON error body, else the body
 * text. Null when there is nothing a person should read (no status prefix, or an empty body).
 */
export function getServerMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match?.[1]) return null;
  const body = match[1].trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || null;
    }
  } catch {
    // Not JSON: the text itself is the message, unless it is an HTML error page.
  }
  return body.startsWith('<') ? null : body || null;
}
