import { describe, expect, it } from 'vitest';
import { formatTime, getCustomerInitials } from './format-time.ts';

describe('getCustomerInitials', () => {
  it('takes two characters of the username, skipping the first, upper-cased', () => {
    expect(getCustomerInitials('emma.glow')).toBe('MM');
    expect(getCustomerInitials('_jo')).toBe('JO');
    expect(getCustomerInitials('a')).toBe('A');
  });
});

describe('formatTime', () => {
  const now = new Date('2026-03-10T15:00:00');
  it('shows the clock time for today and the date before that', () => {
    expect(formatTime(new Date('2026-03-10T09:05:00').toISOString(), now)).toBe('9:05 AM');
    expect(formatTime(new Date('2026-03-08T09:05:00').toISOString(), now)).toBe('Mar 8, 9:05 AM');
  });
});
