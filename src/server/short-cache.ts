/**
 * A value per key kept for a short time (decision 024): the assistant asks for the same brand's store connection
 * and Instagram token several times in one reply. Callers forget a key at once when they change what it holds;
 * another instance's change shows when the entry expires. Concurrent misses for one key share one load, and a
 * failed load is not kept.
 */
export interface ShortCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  forget(key: string): void;
}

export function createShortCache<V>({
  ttlMs,
  maxEntries = 10_000,
  now = () => performance.now(),
}: {
  ttlMs: number;
  /** Past this many keys the cache starts again empty (bounded memory without bookkeeping per read). */
  maxEntries?: number;
  now?: () => number;
}): ShortCache<V> {
  const entries = new Map<string, { value: Promise<V>; at: number }>();
  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry && now() - entry.at < ttlMs) return entry.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      const stored = { value, at: now() };
      entries.set(key, stored);
      value.catch(() => {
        if (entries.get(key) === stored) entries.delete(key);
      });
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
