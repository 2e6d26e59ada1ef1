import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSafeReturnTo } from '#contracts/return-to.ts';

describe('toSafeReturnTo', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(toSafeReturnTo('/dashboard/brands')).toBe('/dashboard/brands');
    expect(toSafeReturnTo('/dashboard?tab=dms#top')).toBe('/dashboard?tab=dms#top');
    expect(toSafeReturnTo('/')).toBe('/');
  });

  it.each([
    ['absolute URL', 'https://evil.example/dashboard'],
    ['scheme without slashes', 'javascript:alert(1)'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example'],
    ['backslash later', '/dashboard\\..\\x'],
    ['relative path', 'dashboard'],
    ['tab inside', '/\t/evil.example'],
    ['newline', '/dash\nboard'],
    ['empty', ''],
    ['the API', '/api/logout'],
    ['the sign-in page', '/login?returnTo=/login'],
    ['the sign-up page', '/signup'],
    ['too long', `/${'a'.repeat(2048)}`],
    ['a dot segment that normalises to protocol-relative', '/.//evil.example'],
    ['an encoded dot segment that normalises to protocol-relative', '/%2e//evil.example'],
    ['dot-dot that normalises to protocol-relative', '/a/..//evil.example'],
  ])('rejects %s', (_name, value) => {
    expect(toSafeReturnTo(value)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(toSafeReturnTo(undefined)).toBeNull();
    expect(toSafeReturnTo(['/dashboard'])).toBeNull();
  });

  it('normalizes dot segments without leaving the site', () => {
    expect(toSafeReturnTo('/a/../dashboard')).toBe('/dashboard');
    expect(toSafeReturnTo('/../../dashboard')).toBe('/dashboard');
  });

  it('is idempotent and never returns a path a browser reads as another host', () => {
    const piece = fc.constantFrom(
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '\\',
      '//',
      'evil.example',
      'a',
      '?',
      '#',
      '%2f',
      '@',
    );
    const candidates = fc.oneof(
      fc.string(),
      fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join('')}`),
    );
    fc.assert(
      fc.property(candidates, (value) => {
        const safe = toSafeReturnTo(value);
        expect(toSafeReturnTo(safe)).toBe(safe);
        if (safe !== null) {
          expect(safe.startsWith('/') && !safe.startsWith('//')).toBe(true);
          expect(new URL(safe, 'https://app.example').origin).toBe('https://app.example');
        }
      }),
      { numRuns: 3000 },
    );
  });
});
