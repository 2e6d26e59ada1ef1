import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';

/**
 * Outbound requests to addresses that brand owners type in (store URLs): https and public addresses only,
 * checked after DNS resolution and again on every redirect (issue 10 point 1). With `allowLoopback` a plain
 * `http://127.0.0.1:PORT` is accepted too, for development and tests.
 *
 * The check holds for the connection actually made (decision 025): requests go through `node:http(s)` with a
 * `lookup` that resolves the name, refuses the connection if any answer is not public, and hands the socket only
 * the addresses it checked. A DNS answer that changes after the first check (rebinding) is checked again where it
 * is used. Node's `fetch` cannot take such a lookup without undici as a dependency, hence the small transport below.
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
// IPv6: unspecified, loopback, IPv4-mapped/translated (checked as IPv4 below), discard, documentation,
// unique-local, link-local, site-local, multicast.
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** True for an address a store could not legitimately live at. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
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

/** Like undici's (Node's fetch): 10 s to connect, 300 s without a byte once connected. */
const connectTimeoutMs = 10_000;
const idleTimeoutMs = 300_000;
/** Kept-alive connections are closed after this long unused, before stores' servers close them (undici: 4 s). */
const keepAliveMs = 4_000;
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/** What `new Response()` accepts as `statusText` (RFC 9110 reason-phrase); anything else is dropped, not fatal. */
function isReasonPhrase(text: string | undefined): text is string {
  return text !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(text);
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

interface Transport {
  'http:': HttpAgent;
  'https:': HttpsAgent;
}

/** Request bytes and headers from a fetch `init`, with the defaults fetch would add. */
async function encodeRequest(init: RequestInit): Promise<{ headers: Headers; body: Buffer | undefined }> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', '*/*');
  // Decoded below, as fetch does (deflate is left out: servers disagree on its framing).
  if (!headers.has('accept-encoding')) headers.set('accept-encoding', 'gzip, br');
  if (!headers.has('user-agent')) headers.set('user-agent', 'node');
  let body: Buffer | undefined;
  if (init.body !== undefined && init.body !== null) {
    // A Response reads any BodyInit (string, bytes, URLSearchParams, FormData, stream) and names its type.
    const encoded = new Response(init.body);
    body = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get('content-type');
    if (type && !headers.has('content-type')) headers.set('content-type', type);
  }
  const method = (init.method ?? 'GET').toUpperCase();
  if (body || method === 'POST' || method === 'PUT' || method === 'PATCH')
    headers.set('content-length', String(body?.length ?? 0));
  return { headers, body };
}

/** The answer's body as fetch gives it: decoded, and absent where the status or method has none. */
function decodeBody(incoming: IncomingMessage, method: string): ReadableStream<Uint8Array> | null {
  if (method === 'HEAD' || nullBodyStatuses.has(incoming.statusCode ?? 0)) {
    incoming.resume();
    return null;
  }
  const encoding = incoming.headers['content-encoding']?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'br'
        ? createBrotliDecompress()
        : null;
  const stream = decoder ? pipeline(incoming, decoder, () => {}) : incoming;
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/** One request over a checked connection, answered as a fetch `Response` (redirects are the caller's). */
async function send(url: URL, init: RequestInit, transport: Transport): Promise<Response> {
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();
  const method = (init.method ?? 'GET').toUpperCase();
  const { headers, body } = await encodeRequest(init);
  signal?.throwIfAborted();
  const isHttps = url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    let incoming: IncomingMessage | undefined;
    const request = (isHttps ? httpsRequest : httpRequest)({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers: Object.fromEntries(headers),
      agent: isHttps ? transport['https:'] : transport['http:'],
      // Given here rather than by setTimeout() so it applies from the socket's creation (see the agent's createSocket).
      timeout: idleTimeoutMs,
    });
    // Like fetch: an abort rejects with the signal's reason, before or during the answer's body.
    const onAbort = () => {
      const reason: unknown = signal?.reason;
      if (incoming) incoming.destroy(reason instanceof Error ? reason : undefined);
      request.destroy();
      reject(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // The request closes once its answer has been read to the end, or its connection is gone.
    request.on('close', () => signal?.removeEventListener('abort', onAbort));
    request.on('socket', (socket) => {
      if (!socket.connecting) return; // a kept-alive connection, already checked when it was made
      const timer = setTimeout(
        () => request.destroy(new UnreachableError(`could not connect to ${url.host}`)),
        connectTimeoutMs,
      );
      socket.once(isHttps ? 'secureConnect' : 'connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    request.on('timeout', () => request.destroy(new UnreachableError(`${url.host} stopped answering`)));
    request.on('error', (error) => {
      if (signal?.aborted) return; // already rejected with the reason
      reject(
        error instanceof OutboundAddressError || error instanceof UnreachableError
          ? error
          : new UnreachableError(`could not reach ${url.host}`),
      );
    });
    request.on('response', (answer) => {
      incoming = answer;
      const responseHeaders = new Headers();
      for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2) {
        responseHeaders.append(answer.rawHeaders[index]!, answer.rawHeaders[index + 1]!);
      }
      let response: Response;
      try {
        response = new Response(decodeBody(answer, method), {
          status: answer.statusCode ?? 0,
          statusText: isReasonPhrase(answer.statusMessage) ? answer.statusMessage : '',
          headers: responseHeaders,
        });
      } catch {
        // A status fetch would not accept either (outside 200-599).
        answer.destroy();
        reject(new UnreachableError(`${url.host} answered with status ${answer.statusCode}`));
        return;
      }
      Object.defineProperty(response, 'url', { value: url.toString() });
      resolve(response);
    });
    request.end(body);
  });
}

/**
 * `fetch` for store URLs: each URL (the first and every redirect) is checked, then requested over a connection
 * whose address is checked again as it is made. `redirect: 'manual'` returns a redirect unfollowed.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxRedirects = options.maxRedirects ?? 3;
  const lookup = createCheckedLookup(options.resolve ?? resolveAll);
  const agentOptions = { keepAlive: true, timeout: keepAliveMs, scheduling: 'lifo' as const, lookup };
  const transport: Transport = {
    'http:': new HttpAgent(agentOptions),
    'https:': new HttpsAgent(agentOptions),
  };
  return async function guardedFetch(url, init = {}) {
    let current = url;
    for (let hop = 0; ; hop += 1) {
      const checked = await checkOutboundUrl(current, options);
      let response: Response;
      try {
        response = await send(checked, init, transport);
      } catch (error) {
        if (init.signal?.aborted) throw error;
        if (error instanceof OutboundAddressError || error instanceof UnreachableError) throw error;
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
