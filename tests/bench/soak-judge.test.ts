import { describe, expect, it } from 'vitest';
import { judgeComments, judgeDirectMessages, type GraphSend } from '../../bench/soak-judge.ts';

const to = (id: string, messageId: string, createdAt = 2000): GraphSend => ({
  recipient: { id },
  messageId,
  createdAt,
});
const isBuyer = (id: string) => id.startsWith('buyer-');

describe('the soak bench judges exactly once from what reached Graph', () => {
  const sentAt = new Map([
    ['mid-1', 1000],
    ['mid-2', 1500],
  ]);
  const replyParts = [
    { mid: 'mid-1', part: 0, partCount: 1, graphId: 'g-1' },
    { mid: 'mid-2', part: 0, partCount: 2, graphId: 'g-2a' },
    { mid: 'mid-2', part: 1, partCount: 2, graphId: 'g-2b' },
  ];

  it('every part once: nothing lost or doubled, latency from the first part', () => {
    const verdict = judgeDirectMessages({
      sentAt,
      replyParts,
      graphSends: [to('buyer-1', 'g-1', 1800), to('buyer-2', 'g-2a', 2600), to('buyer-2', 'g-2b', 2700)],
      isBuyer,
    });
    expect(verdict).toEqual({ lost: 0, duplicated: 0, unattributed: 0, latencies: [800, 1100] });
  });

  it('a message with no reply, or a missing part, is lost; sends to others are not judged', () => {
    const verdict = judgeDirectMessages({
      sentAt,
      replyParts,
      graphSends: [to('buyer-2', 'g-2a'), to('someone-else', 'g-x')],
      isBuyer,
    });
    expect(verdict.lost).toBe(2);
    expect(verdict.duplicated).toBe(0);
  });

  it('a part that arrived twice, or a send no reply row accounts for, is doubled', () => {
    const verdict = judgeDirectMessages({
      sentAt,
      replyParts,
      // mid-2's first part twice (its second part missing: lost too); a resend whose first copy nobody recorded.
      graphSends: [
        to('buyer-1', 'g-1'),
        to('buyer-1', 'g-unknown'),
        to('buyer-2', 'g-2a'),
        to('buyer-2', 'g-2a'),
      ],
      isBuyer,
    });
    expect(verdict).toMatchObject({ lost: 1, duplicated: 2, unattributed: 1 });
  });

  it('a comment needs one private and one public reply', () => {
    expect(
      judgeComments({ commentIds: ['c1', 'c2'], privateReplyTo: ['c1', 'c2'], publicReplyTo: ['c1', 'c2'] }),
    ).toEqual({ lost: 0, duplicated: 0 });
    expect(
      judgeComments({ commentIds: ['c1', 'c2'], privateReplyTo: ['c1', 'c1'], publicReplyTo: ['c2'] }),
    ).toEqual({ lost: 2, duplicated: 1 });
  });
});
