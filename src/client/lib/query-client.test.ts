import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

describe('query client defaults', () => {
  const defaults = createQueryClient().getDefaultOptions();

  it('never marks cached data stale by itself', () => {
    expect(defaults.queries?.staleTime).toBe(Infinity);
  });
  it('does not refetch on window focus or on an interval', () => {
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
  });
  it('does not retry queries or mutations', () => {
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
  it('uses the product request rules as the default query function', () => {
    expect(typeof defaults.queries?.queryFn).toBe('function');
  });

  it('serves a cached query without fetching again', async () => {
    const client = createQueryClient();
    let calls = 0;
    const options = { queryKey: ['k'], queryFn: async () => ++calls };
    await client.fetchQuery(options);
    await client.fetchQuery(options);
    expect(calls).toBe(1);
  });
});
