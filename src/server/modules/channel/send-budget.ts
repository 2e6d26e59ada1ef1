/**
 * Per-account send budget (Meta's published rate limits, the lower figures kept): text sends 100 a second, private replies
 * 750 an hour. A sliding window per account and kind; a caller waits for room up to `maxWaitMs`, else is told no.
 * Kept in the process: it paces this process's calls, while Graph's 429/613 answers (retried with backoff) remain the
 * authority across processes (decision 009).
 */
export type BudgetKind = 'direct_message' | 'private_reply' | 'public_reply';

const windows: Record<BudgetKind, { limit: number; windowMs: number }> = {
  direct_message: { limit: 100, windowMs: 1000 },
  private_reply: { limit: 750, windowMs: 3_600_000 },
  public_reply: { limit: 100, windowMs: 1000 },
};

export interface SendBudget {
  /** Resolves true once a send may go, false when none will be free within maxWaitMs. */
  take(accountId: string, kind: BudgetKind): Promise<boolean>;
}

export function createSendBudget(
  options: { maxWaitMs?: number; limits?: Partial<typeof windows>; now?: () => number } = {},
): SendBudget {
  const maxWaitMs = options.maxWaitMs ?? 5000;
  const limits = { ...windows, ...options.limits };
  const now = options.now ?? Date.now;
  const used = new Map<string, number[]>();

  return {
    async take(accountId, kind) {
      const { limit, windowMs } = limits[kind];
      const key = `${accountId}|${kind}`;
      const deadline = now() + maxWaitMs;
      for (;;) {
        const at = now();
        const times = (used.get(key) ?? []).filter((time) => time > at - windowMs);
        if (times.length < limit) {
          times.push(at);
          used.set(key, times);
          return true;
        }
        used.set(key, times);
        const freeAt = times[0]! + windowMs;
        if (freeAt > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, freeAt - at)));
      }
    },
  };
}
