import { apiRequest } from './api-client.ts';

/** The header that carries the next page's cursor (contracts/dashboard listPaging). */
const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export interface FetchedPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** One page of a list endpoint: the body is the list, the next cursor comes in a header. */
export async function fetchPage<T>(
  url: string,
  options: { limit: number; cursor?: string | null; filters?: Record<string, string | undefined> },
): Promise<FetchedPage<T>> {
  const params = new URLSearchParams({ limit: String(options.limit) });
  if (options.cursor) params.set('cursor', options.cursor);
  // Filters (search, status) travel with every page, so the cursor walks the filtered list.
  for (const [name, value] of Object.entries(options.filters ?? {})) if (value) params.set(name, value);
  const response = await apiRequest('GET', `${url}?${params}`);
  return { items: (await response.json()) as T[], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** Every page of a list that is small by nature (a user's brands), followed to the end. */
export async function fetchAllPages<T>(url: string, limit: number): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: FetchedPage<T> = await fetchPage<T>(url, { limit, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
