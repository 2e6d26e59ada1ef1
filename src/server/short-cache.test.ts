import { describe, expect, it } from 'vitest';
import { createShortCache } from './short-cache.ts';

describe('createShortCache', () => {
  it('loads once per key within the lifetime, again after it, and again after forget', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createShortCache<number>({ ttlMs: 1000, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(3);
    cache.forget('a');
    expect(await cache.get('a', load)).toBe(4);
  });

  it('shares one load between concurrent misses and keeps no failed load', async () => {
    let loads = 0;
    let fail = true;
    const cache = createShortCache<string>({ ttlMs: 1000, now: () => 0 });
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('down');
      return 'row';
    };
    const results = await Promise.allSettled([cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await cache.get('k', load)).toBe('row');
    expect(loads).toBe(2);
  });

  it('a load that was in flight when its key was forgotten is not kept', async () => {
    let version = 0;
    const cache = createShortCache<number>({ ttlMs: 1000, now: () => 0 });
    const stale = cache.get('k', async () => {
      const seen = version;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return seen;
    });
    version = 1;
    cache.forget('k');
    expect(await stale).toBe(0);
    expect(await cache.get('k', async () => version)).toBe(1);
  });

  it('starts again empty past maxEntries', async () => {
    let loads = 0;
    const cache = createShortCache<number>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(4);
  });
});
