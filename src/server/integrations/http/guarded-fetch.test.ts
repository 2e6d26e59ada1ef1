import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  createCheckedLookup,
  createGuardedFetch,
  isNonPublicAddress,
  OutboundAddressError,
  UnreachableError,
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

describe('address guard (https and public addresses only, after DNS)', () => {
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
    ['::7f00:1'],
    ['2002:7f00:1::1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['224.0.0.1'],
    // IPv4-mapped written in hex, and the local-use NAT64 prefix.
    ['::ffff:7f00:1'],
    ['::ffff:a9fe:a9fe'],
    ['0:0:0:0:0:ffff:5db8:d822'],
    ['64:ff9b:1::a00:1'],
    ['64:ff9b:1:ffff::1'],
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

describe('the address connected to is checked as the connection is made (DNS rebinding, decision 025)', () => {
  /** A name that answers public to the first question and private to every one after, as a rebinding attacker's would. */
  function rebindingResolver(privateAddress = '127.0.0.1') {
    const asked: string[] = [];
    return {
      asked,
      resolve: async (host: string) => {
        asked.push(host);
        return asked.length === 1 ? ['93.184.216.34'] : [privateAddress];
      },
    };
  }

  // `localhost` is what the system's own resolver turns into 127.0.0.1: a fetch that resolved the name again
  // by itself, instead of through the checked lookup, would connect there.
  let trap: Server | undefined;
  const trapped: string[] = [];
  beforeAll(async () => {
    const server = createServer((request, response) => {
      trapped.push(request.url ?? '');
      response.end('private');
    });
    server.on('connection', () => trapped.push('connection'));
    trap = await new Promise<Server | undefined>((done) => {
      server.once('error', () => done(undefined)); // port 443 needs privileges or is taken: that test is skipped
      server.listen(443, '127.0.0.1', () => done(server));
    });
  });
  afterAll(() => new Promise<void>((done) => (trap ? trap.close(() => done()) : done())));

  it('refuses the connection when the name resolves to a private address the second time', async () => {
    const dns = rebindingResolver();
    const guarded = createGuardedFetch({ allowLoopback: false, resolve: dns.resolve });
    const error = await guarded('https://localhost/admin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundAddressError);
    expect((error as Error).message).toContain('private');
    // Asked once by the check, once by the connection: the connection used the checked lookup.
    expect(dns.asked).toEqual(['localhost', 'localhost']);
  });

  it('sends nothing to the private address (a server on 127.0.0.1:443 sees no connection)', async (context) => {
    if (!trap) context.skip();
    const before = trapped.length;
    const errors: unknown[] = [];
    for (const privateAddress of ['127.0.0.1', '10.0.0.1']) {
      const guarded = createGuardedFetch({
        allowLoopback: false,
        resolve: rebindingResolver(privateAddress).resolve,
      });
      errors.push(await guarded('https://localhost/admin').catch((e: unknown) => e));
    }
    expect(trapped.slice(before)).toEqual([]);
    for (const error of errors) expect(error).toBeInstanceOf(OutboundAddressError);
  });

  it('refuses a redirect to a name that rebinds after its check', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(302, { location: 'https://localhost/latest/meta-data' });
      response.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const dns = rebindingResolver();
      const guarded = createGuardedFetch({ allowLoopback: true, resolve: dns.resolve });
      const port = (server.address() as AddressInfo).port;
      await expect(guarded(`http://127.0.0.1:${port}/start`)).rejects.toThrow(OutboundAddressError);
      expect(dns.asked).toEqual(['localhost', 'localhost']);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  describe('the checked lookup', () => {
    const lookupWith = (addresses: string[], options: { all?: boolean; family?: number } = {}) =>
      new Promise<{ error: unknown; address: unknown; family: unknown }>((done) => {
        createCheckedLookup(async () => addresses)('shop.example', options, (error, address, family) =>
          done({ error, address, family }),
        );
      });

    it('hands the socket the public addresses it resolved, one or all as asked', async () => {
      expect(await lookupWith(['93.184.216.34', '2606:4700::6810:85e5'], { all: true })).toEqual({
        error: null,
        address: [
          { address: '93.184.216.34', family: 4 },
          { address: '2606:4700::6810:85e5', family: 6 },
        ],
        family: undefined,
      });
      expect(await lookupWith(['93.184.216.34'])).toEqual({
        error: null,
        address: '93.184.216.34',
        family: 4,
      });
      expect(await lookupWith(['93.184.216.34', '2606:4700::6810:85e5'], { family: 6 })).toMatchObject({
        address: '2606:4700::6810:85e5',
        family: 6,
      });
    });

    it('refuses when any answer is not public, and fails when there is none', async () => {
      const mixed = await lookupWith(['93.184.216.34', '10.0.0.1'], { all: true });
      expect(mixed.error).toBeInstanceOf(OutboundAddressError);
      expect((await lookupWith([])).error).toBeInstanceOf(UnreachableError);
    });
  });
});

describe('guarded fetch answers as fetch does', () => {
  let server: Server;
  let base: string;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        if (path === '/echo') {
          response.writeHead(201, { 'content-type': 'application/json', 'x-wp-total': '42' });
          response.end(
            JSON.stringify({
              method: request.method,
              headers: request.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        } else if (path === '/gzip') {
          response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          response.end(gzipSync(JSON.stringify({ products: ['hoodie'] })));
        } else if (path === '/empty') {
          response.writeHead(204);
          response.end();
        } else if (path === '/moved') {
          response.writeHead(302, { location: '/echo' });
          response.end();
        } else if (path === '/slow') {
          setTimeout(() => response.end('late'), 2000);
        } else if (path === '/stalls') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.write('first part');
        } else {
          response.writeHead(404);
          response.end('not found');
        }
      });
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((done) => server.close(() => done()));
  });

  const guarded = createGuardedFetch({ allowLoopback: true, resolve });

  it('sends the method, headers and body, and answers status, headers and JSON', async () => {
    const response = await guarded(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'token' },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-wp-total')).toBe('42');
    const echoed = (await response.json()) as {
      method: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(echoed.method).toBe('POST');
    expect(echoed.body).toBe('{"query":"{ shop { name } }"}');
    expect(echoed.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(echoed.body.length),
      'x-shopify-access-token': 'token',
    });
  });

  it('sends a form body with its content type', async () => {
    const response = await guarded(`${base}/echo`, {
      method: 'POST',
      body: new URLSearchParams({ code: 'abc', client_id: 'id' }),
    });
    const echoed = (await response.json()) as { headers: Record<string, string>; body: string };
    expect(echoed.body).toBe('code=abc&client_id=id');
    expect(echoed.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('decodes a gzip answer', async () => {
    expect(await (await guarded(`${base}/gzip`)).json()).toEqual({ products: ['hoodie'] });
  });

  it('answers 204 with no body and 404 as a response, not an error', async () => {
    const empty = await guarded(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const missing = await guarded(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('not found');
  });

  it('follows redirects, or returns them with redirect: manual', async () => {
    expect((await guarded(`${base}/moved`)).status).toBe(201);
    const manual = await guarded(`${base}/moved`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/echo');
  });

  it('rejects with the signal’s reason when the caller’s deadline passes, before or during the body', async () => {
    const before = await guarded(`${base}/slow`, { signal: AbortSignal.timeout(50) }).catch(
      (e: unknown) => e,
    );
    expect((before as Error).name).toBe('TimeoutError');
    const controller = new AbortController();
    const response = await guarded(`${base}/stalls`, { signal: controller.signal });
    const reading = response.text();
    controller.abort(new Error('deadline'));
    await expect(reading).rejects.toThrow('deadline');
  });

  it('keeps the connection alive between requests to the same store', async () => {
    const own = createGuardedFetch({ allowLoopback: true, resolve });
    const before = connections;
    for (let index = 0; index < 5; index += 1) await (await own(`${base}/echo`)).json();
    // undici may open a second connection while the first is being returned to its pool; never one per request.
    expect(connections - before).toBeLessThanOrEqual(2);
  });

  it('reports a store that does not answer as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toThrow(UnreachableError);
  });
});
