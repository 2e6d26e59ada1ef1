import { describe, expect, it } from 'vitest';
import { countChange, dailyCsv, lastDays, rateChange } from './figures.ts';

describe('Performance figures', () => {
  it('counts ranges back from today, across month and leap-day boundaries', () => {
    expect(lastDays(7, '2028-03-02')).toEqual({ from: '2028-02-25', to: '2028-03-02' });
    expect(lastDays(1, '2028-03-01')).toEqual({ from: '2028-03-01', to: '2028-03-01' });
    expect(lastDays(2, '2028-03-01')).toEqual({ from: '2028-02-29', to: '2028-03-01' });
  });

  it('states changes against the previous period, and none without one', () => {
    expect(countChange(15, 10)).toEqual({ text: '+50% vs previous period', trend: 'up' });
    expect(countChange(5, 10)).toEqual({ text: '-50% vs previous period', trend: 'down' });
    expect(countChange(5, 0)).toBeUndefined();
    expect(rateChange(0.5, 0.4)).toEqual({ text: '+10 pts vs previous period', trend: 'up' });
    expect(rateChange(0.5, null)).toBeUndefined();
  });

  it('exports the daily series as CSV', () => {
    const csv = dailyCsv([
      {
        date: '2026-05-10',
        conversations: 4,
        inbound: 5,
        comments: 1,
        aiReplies: 3,
        humanReplies: 1,
        handoffs: 2,
      },
    ]);
    expect(csv).toBe(
      'date,conversations_started,dms_received,comments_received,assistant_replies,person_replies,handoffs\r\n' +
        '2026-05-10,4,5,1,3,1,2\r\n',
    );
  });
});
