import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Outbound requests to addresses that brand owners type in (store URLs): https and public addresses only,
 * checked after DNS resolution and again on every redirect. With `allowLoopback` a plain
 * `http://127.0.0.1:PORT` is accepted too, for development and tests.
 *
 * The check holds for the connection actually made (decision 025): requests go through undici (the library behind
 * Node's own `fetch`) with a connection `lookup` that resolves the name, refuses the connection if any answer is
 * not public, and hands the socket only the addresses it checked. A DNS answer that changes after the first check
 * (rebinding) is checked again where it is used.
 */
export class OutboundAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundAddressError';
  }
}

export interface GuardedFetchOptions {
  allowLoopback: boolean;
  /** Redirects followed (each one checked) before giving up. */
  maxRedirects?: number;
  /** Swappable for tests: host name to addresses. */
  resolve?: (host: string) => Promise<string[]>;
}

export type GuardedFetch = (url: string, init?: RequestInit) => Promise<Response>;

const blocked = new BlockList();
// IPv4: "this" network, private, CGNAT, loopback, link-local, IETF, TEST-NETs, benchmarking, multicast, reserved.
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
// IPv6: unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d (all of ::/96), IPv4-mapped (all of
// ::ffff:0:0/96, however it is written: a store has a real address of its own), NAT64 well-known and local-use
// (64:ff9b:1::/48 translates to whatever IPv4 network the operator chose), discard, Teredo and 6to4 (both tunnel to an IPv4 address inside), documentation,
// unique-local, link-local, site-local, multicast.
for (const [address, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}
// Kept apart: Node's BlockList checks an IPv4 address against IPv6 rules through its mapped form, so this rule
// in `blocked` would refuse every IPv4 address.
const mappedIpv4 = new BlockList();
mappedIpv4.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True for an address a store could not legitimately live at. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return mappedIpv4.check(address, 'ipv6') || blocked.check(address, 'ipv6');
  return true;
}

async function resolveAll(host: string): Promise<string[]> {
  const results = await lookup(host, { all: true, verbatim: true });
  return results.map((result) => result.address);
}

/** Throws OutboundAddressError when the URL may not be fetched; returns it parsed otherwise. */
export async function checkOutboundUrl(
  raw: string,
  options: Pick<GuardedFetchOptions, 'allowLoopback' | 'resolve'>,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundAddressError('is not a valid URL');
  }
  if (url.username || url.password) throw new OutboundAddressError('must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLoopbackLiteral = host === '127.0.0.1';
  if (options.allowLoopback && isLoopbackLiteral && (url.protocol === 'http:' || url.protocol === 'https:'))
    return url;
  if (url.protocol !== 'https:') throw new OutboundAddressError('must use https');
  if (url.port && url.port !== '443') throw new OutboundAddressError('must use the standard https port');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host);
    } catch {
      throw new UnreachableError(`could not resolve ${host}`);
    }
  }
  if (addresses.length === 0) throw new UnreachableError(`could not resolve ${host}`);
  if (addresses.some(isNonPublicAddress)) {
    throw new OutboundAddressError('points to a private, loopback or link-local address');
  }
  return url;
}

/** The store did not answer (DNS, connection, timeout): distinct from a refusal of the address. */
export class UnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreachableError';
  }
}

/**
 * The `lookup` every outbound socket uses: resolve, refuse unless every answer is public, and connect only to
 * those answers. Addresses typed as literals never reach it (Node connects to them directly); they were checked
 * by `checkOutboundUrl` and cannot change.
 */
export function createCheckedLookup(resolve: (host: string) => Promise<string[]>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => !options.family || entry.family === options.family);
        if (addresses.some(isNonPublicAddress)) {
          callback(new OutboundAddressError('points to a private, loopback or link-local address'), '');
        } else if (usable.length === 0) {
          callback(new UnreachableError(`could not resolve ${hostname}`), '');
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      () => callback(new UnreachableError(`could not resolve ${hostname}`), ''),
    );
  };
}

/**
 * `fetch` for store URLs: each URL (the first and every redirect) is checked, then requested over a connection
 * whose address is checked again as it is made. `redirect: 'manual'` returns a redirect unfollowed.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxRedirects = options.maxRedirects ?? 3;
  // undici's defaults otherwise (as Node's fetch): 10 s to connect, 300 s for headers and between body bytes.
  const dispatcher = new Agent({ connect: { lookup: createCheckedLookup(options.resolve ?? resolveAll) } });
  return async function guardedFetch(url, init = {}) {
    let current = url;
    for (let hop = 0; ; hop += 1) {
      const checked = await checkOutboundUrl(current, options);
      let response: Response;
      try {
        // undici's own Request and Response types differ from the DOM lib's only in ways our callers do not use.
        response = (await undiciFetch(checked, {
          ...(init as Parameters<typeof undiciFetch>[1]),
          redirect: 'manual',
          dispatcher,
        })) as unknown as Response;
      } catch (error) {
        if (init.signal?.aborted) throw init.signal.reason;
        // fetch rejects with "fetch failed"; the lookup's refusal is its cause.
        const cause = error instanceof Error ? error.cause : undefined;
        if (cause instanceof OutboundAddressError || cause instanceof UnreachableError) throw cause;
        throw new UnreachableError(`could not reach ${checked.host}`);
      }
      if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
      if (init.redirect === 'manual') return response;
      const location = response.headers.get('location');
      if (!location) return response;
      if (hop >= maxRedirects) throw new UnreachableError('too many redirects');
      await response.body?.cancel();
      current = new URL(location, checked).toString();
      // A redirect to another host must not carry the credentials of the first.
      if (new URL(current).host !== checked.host) {
        const headers: Headers = new Headers(init.headers);
        headers.delete('authorization');
        headers.delete('x-shopify-access-token');
        init = { ...init, headers };
      }
    }
  };
}
