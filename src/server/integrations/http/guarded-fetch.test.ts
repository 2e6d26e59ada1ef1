import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  createGuardedFetch,
  isNonPublicAddress,
  OutboundAddressError,
} from './guarded-fetch.ts';

const dns: Record<string, string[]> = {
  'shop.example': ['93.184.216.34'],
  'internal.example': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'v6local.example': ['fd12:3456::1'],
  'mapped.example': ['::ffff:192.168.1.10'],
  'cgnat.example': ['100.64.0.7'],
};
const resolve = async (host: string) => {
  const addresses = dns[host];
  if (!addresses) throw new Error('ENOTFOUND');
  return addresses;
};

describe('address guard (issue 10: https and public addresses only, after DNS)', () => {
  it.each([
    ['127.0.0.1'],
    ['10.0.0.1'],
    ['172.16.5.4'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['::1'],
    ['fe80::1'],
    ['fc00::1'],
    ['::ffff:127.0.0.1'],
    ['224.0.0.1'],
  ])('treats %s as non-public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each([['93.184.216.34'], ['2606:4700::6810:85e5']])('treats %s as public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it('accepts an https URL whose name resolves to public addresses only', async () => {
    await expect(
      checkOutboundUrl('https://shop.example/wp-json', { allowLoopback: false, resolve }),
    ).resolves.toBeInstanceOf(URL);
  });

  it.each([
    ['http://shop.example/', 'must use https'],
    ['https://internal.example/', 'private'],
    ['https://mixed.example/', 'private'],
    ['https://metadata.example/', 'private'],
    ['https://v6local.example/', 'private'],
    ['https://mapped.example/', 'private'],
    ['https://cgnat.example/', 'private'],
    ['https://10.0.0.8/', 'private'],
    ['https://[::1]/', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://shop.example:8443/', 'standard https port'],
    ['https://user:pass@shop.example/', 'user name'],
    ['http://127.0.0.1:8080/', 'must use https'],
    ['ftp://shop.example/', 'must use https'],
  ])('refuses %s', async (url, reason) => {
    const error = await checkOutboundUrl(url, { allowLoopback: false, resolve }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundAddressError);
    expect((error as Error).message).toContain(reason);
  });

  it('allows plain http://127.0.0.1:PORT only when loopback stores are allowed, and nothing else private', async () => {
    await expect(
      checkOutboundUrl('http://127.0.0.1:8080/', { allowLoopback: true, resolve }),
    ).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('http://10.0.0.1:8080/', { allowLoopback: true, resolve })).rejects.toThrow(
      OutboundAddressError,
    );
    await expect(
      checkOutboundUrl('https://internal.example/', { allowLoopback: true, resolve }),
    ).rejects.toThrow(OutboundAddressError);
  });
});

describe('guarded fetch follows redirects only to allowed addresses', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const targets: Record<string, string> = {
        '/to-private': 'http://10.0.0.1/admin',
        '/to-metadata': 'https://169.254.169.254/latest/meta-data',
        '/to-self': '/ok',
      };
      const target = targets[request.url ?? ''];
      if (target) {
        response.writeHead(302, { location: target });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`ok ${request.headers.authorization ?? ''}`);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('follows a redirect on the same allowed host', async () => {
    const guarded = createGuardedFetch({ allowLoopback: true, resolve });
    const response = await guarded(`${base}/to-self`);
    expect(await response.text()).toBe('ok ');
  });

  it.each([['/to-private'], ['/to-metadata']])(
    'refuses a redirect from %s to a private address',
    async (path) => {
      const guarded = createGuardedFetch({ allowLoopback: true, resolve });
      await expect(guarded(`${base}${path}`)).rejects.toThrow(OutboundAddressError);
    },
  );

  it('refuses loopback entirely when loopback stores are not allowed', async () => {
    const guarded = createGuardedFetch({ allowLoopback: false, resolve });
    await expect(guarded(`${base}/to-self`)).rejects.toThrow(OutboundAddressError);
  });
});
