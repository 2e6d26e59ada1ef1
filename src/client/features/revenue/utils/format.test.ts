import { describe, expect, it } from 'vitest';
import { formatMoney } from '#client/lib/money.ts';
import { ordersCsv } from './format.ts';

describe('revenue formatting', () => {
  it('formats API decimals in their currency', () => {
    expect(formatMoney('68.00', 'USD')).toBe('$68.00');
    expect(formatMoney('1200', 'JPY')).toBe('¥1,200');
    expect(formatMoney('5.50', 'EUR')).toBe('€5.50');
  });

  it('writes the orders table as CSV, quoting commas and defusing formulas', () => {
    const csv = ordersCsv(
      [
        {
          id: '00000000-0000-4000-8000-000000000001',
          brandId: 'b1',
          conversationId: null,
          buyerUsername: '=cmd',
          platform: 'shopify',
          orderNumber: '#1042',
          placedAt: '2026-11-20T10:00:00.000Z',
          currency: 'USD',
          total: '68.00',
          refunded: '0.00',
          status: 'paid',
        },
      ],
      () => 'Acme, Inc.',
    );
    expect(csv).toBe(
      'Order,Date,Brand,Buyer,Total,Currency,Status,Refunded\n#1042,2026-11-20,"Acme, Inc.",\'=cmd,68.00,USD,paid,0.00\n',
    );
  });
});
