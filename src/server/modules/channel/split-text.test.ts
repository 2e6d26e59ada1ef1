import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMessageText } from './split-text.ts';
import { createSendBudget } from './send-budget.ts';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const squash = (text: string) => text.replace(/\s+/g, '');

describe('splitMessageText (1,000 UTF-8 bytes per message)', () => {
  it('keeps a short text whole', () => {
    expect(splitMessageText('  Yes, M is in stock.  ')).toEqual(['Yes, M is in stock.']);
    expect(splitMessageText('   ')).toEqual([]);
  });

  it('cuts on sentence boundaries', () => {
    const sentence = 'The linen shirt is back in stock in every size. ';
    const text = sentence.repeat(40);
    const parts = splitMessageText(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(1000);
      expect(part.endsWith('size.')).toBe(true);
    }
    expect(parts.join(' ')).toBe(text.trim());
  });

  it('counts bytes, not characters, and never cuts inside an emoji or a combined character', () => {
    const family = '👨‍👩‍👧‍👦'; // one grapheme, 25 bytes
    const text = family.repeat(100); // no sentence or word boundary inside
    const parts = splitMessageText(text);
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(1000);
      expect(part.length % family.length).toBe(0);
    }
    expect(parts.join('')).toBe(text);
  });

  it('property: every part fits, no lone surrogate, nothing but whitespace lost', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'é', '字', '🔥', '👍🏽', ' ', '. ', '\n', 'ok! '),
          maxLength: 1500,
        }),
        (text) => {
          const parts = splitMessageText(text);
          for (const part of parts) {
            expect(bytes(part)).toBeLessThanOrEqual(1000);
            expect(/\p{Surrogate}/u.test(part)).toBe(false); // no half of a surrogate pair
            expect(part).toBe(part.trim());
          }
          expect(squash(parts.join(''))).toBe(squash(text));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('send budget', () => {
  it('lets the limit through at once, then waits for the window, or says no beyond maxWait', async () => {
    let now = 0;
    const budget = createSendBudget({
      maxWaitMs: 0,
      now: () => now,
      limits: { direct_message: { limit: 3, windowMs: 1000 } },
    });
    expect(await Promise.all([1, 2, 3].map(() => budget.take('a', 'direct_message')))).toEqual([
      true,
      true,
      true,
    ]);
    expect(await budget.take('a', 'direct_message')).toBe(false);
    expect(await budget.take('b', 'direct_message')).toBe(true); // per account
    now = 1001;
    expect(await budget.take('a', 'direct_message')).toBe(true);

    const waiting = createSendBudget({
      maxWaitMs: 500,
      limits: { private_reply: { limit: 1, windowMs: 50 } },
    });
    expect(await waiting.take('a', 'private_reply')).toBe(true);
    const started = Date.now();
    expect(await waiting.take('a', 'private_reply')).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });
});
