import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMinorUnits, parseMinorUnits } from './money.ts';

describe('money in minor units', () => {
  it('knows each currency’s precision', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('jpy')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('reads store decimals without floating point', () => {
    expect(parseMinorUnits('68.00', 'USD')).toBe(6800);
    expect(parseMinorUnits('0.29', 'USD')).toBe(29);
    expect(parseMinorUnits('1200', 'JPY')).toBe(1200);
    expect(parseMinorUnits('-5.5', 'EUR')).toBe(-550);
    expect(parseMinorUnits('19.995', 'USD')).toBe(2000);
    expect(parseMinorUnits('1.234', 'KWD')).toBe(1234);
    expect(parseMinorUnits('12,00', 'EUR')).toBeNull();
    expect(parseMinorUnits('', 'EUR')).toBeNull();
  });

  it('writes decimal strings in the currency’s precision', () => {
    expect(formatMinorUnits(6800, 'USD')).toBe('68.00');
    expect(formatMinorUnits(5, 'USD')).toBe('0.05');
    expect(formatMinorUnits(-550, 'EUR')).toBe('-5.50');
    expect(formatMinorUnits(1200, 'JPY')).toBe('1200');
    expect(formatMinorUnits(1234, 'KWD')).toBe('1.234');
  });
});
