import { describe, expect, it } from 'vitest';
import { getDisplayName, getGreetingName, getInitials } from './user-display.ts';

describe('getInitials', () => {
  it('uses the first letters of first and last name', () => {
    expect(getInitials({ firstName: 'ada', lastName: 'Lovelace', email: 'x@y.z' })).toBe('AL');
    expect(getInitials({ firstName: ' ada ', lastName: ' lovelace', email: null })).toBe('AL');
  });
  it('falls back to the first two letters of the email when a name part is missing', () => {
    expect(getInitials({ firstName: 'Ada', lastName: null, email: 'mo@example.com' })).toBe('MO');
    expect(getInitials({ firstName: null, lastName: 'Lovelace', email: 'zed@example.com' })).toBe('ZE');
  });
  it('falls back to U with neither name nor email', () => {
    expect(getInitials({ firstName: null, lastName: null, email: null })).toBe('U');
    expect(getInitials(null)).toBe('U');
    expect(getInitials({ firstName: '  ', lastName: '', email: ' ' })).toBe('U');
  });
});

describe('getDisplayName', () => {
  it('prefers the full name', () => {
    expect(getDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.c' })).toBe('Ada Lovelace');
  });
  it('then the first name alone', () => {
    expect(getDisplayName({ firstName: 'Ada', lastName: null, email: 'a@b.c' })).toBe('Ada');
    expect(getDisplayName({ firstName: 'Ada', lastName: '  ', email: 'a@b.c' })).toBe('Ada');
  });
  it('then the email', () => {
    expect(getDisplayName({ firstName: null, lastName: 'Lovelace', email: 'a@b.c' })).toBe('a@b.c');
  });
  it('then User', () => {
    expect(getDisplayName({ firstName: null, lastName: null, email: null })).toBe('User');
    expect(getDisplayName(undefined)).toBe('User');
  });
});

describe('getGreetingName', () => {
  it('uses the first name, else the email before the @, else there', () => {
    expect(getGreetingName({ firstName: 'Ada', email: 'ada@x.io' })).toBe('Ada');
    expect(getGreetingName({ firstName: null, email: 'mo.salah@x.io' })).toBe('mo.salah');
    expect(getGreetingName({ firstName: null, email: null })).toBe('there');
    expect(getGreetingName({ firstName: '  ', email: '@x.io' })).toBe('there');
    expect(getGreetingName(null)).toBe('there');
  });
});
