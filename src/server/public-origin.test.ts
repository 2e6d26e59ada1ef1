import { describe, expect, it } from 'vitest';
import { publicOriginOf } from './public-origin.ts';

describe('publicOriginOf', () => {
  const request = { protocol: 'http' as const, host: '127.0.0.1:3000' };

  it('prefers PUBLIC_URL, without trailing slashes', () => {
    expect(publicOriginOf(request, 'https://app.voicecart.app')).toBe('https://app.voicecart.app');
    expect(publicOriginOf(request, 'https://app.voicecart.app//')).toBe('https://app.voicecart.app');
  });

  it('falls back to the origin the request came to', () => {
    expect(publicOriginOf(request, undefined)).toBe('http://127.0.0.1:3000');
    expect(publicOriginOf({ protocol: 'https', host: 'shop.example' }, '')).toBe('https://shop.example');
  });
});
