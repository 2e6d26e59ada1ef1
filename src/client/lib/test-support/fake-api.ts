import { vi } from 'vitest';

/** A JSON answer, as the API sends one. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status });
}

type Answer = Response | undefined;

/**
 * For component tests only: stands in for the API behind `fetch`. `answer` returns the response to a request the
 * test knows about, or nothing for the 404 the server would give. The client test setup undoes it after each test. The mock
 * is returned, so a test can read the requests it was sent.
 */
export function stubApiFetch(
  answer: (url: string, init: RequestInit | undefined) => Answer | Promise<Answer>,
) {
  const fetchMock = vi.fn(
    async (url: string, init?: RequestInit) => (await answer(url, init)) ?? json({ message: 'nope' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
