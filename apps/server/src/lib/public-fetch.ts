import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/*
 * Fetching a URL someone typed (an IdP's metadata, a webhook's endpoint) without letting them aim
 * the server at itself or its network (docs/security.md#urls-we-fetch-are-public): the host's
 * addresses are checked when the socket connects (so a DNS answer that changes between a check
 * and the fetch changes nothing), redirects are not followed, and the answer is bounded in time
 * and size. ALLOW_PRIVATE_OUTBOUND lifts the address check for development and tests only.
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** True for an address anyone on the internet could reach; false for this host and its networks. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    return !PRIVATE.check(address, 'ipv6');
  }
  return !PRIVATE.check(address, 'ipv4');
}

export type OutboundFailure =
  'private_address' | 'redirect' | 'status' | 'too_large' | 'timeout' | 'unreachable';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    detail: string,
  ) {
    super(`outbound request refused (${reason}): ${detail}`);
  }
}

export interface PublicFetchOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  accept?: string;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup, refusing a name any of whose addresses is private (unless allowed). */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
      if (blocked && !allowPrivate) {
        return callback(
          new OutboundError('private_address', `${hostname} is ${blocked.address}`),
          [],
        );
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/** What came back from a public host. */
export interface PublicResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface PublicRequest extends PublicFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/**
 * One request to `url` under the rules above, whatever its status (a redirect is answered, not
 * followed); throws OutboundError for a private address, an answer too large, a silence or a
 * network failure.
 */
export function requestPublic(url: URL, options: PublicRequest): Promise<PublicResponse> {
  return new Promise((resolveOnce, rejectOnce) => {
    // Sockets report their end in several ways; the first word is the answer.
    let settled = false;
    const timer: { deadline?: NodeJS.Timeout } = {};
    const resolve = (answer: PublicResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer.deadline);
      resolveOnce(answer);
    };
    const reject = (error: OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer.deadline);
      rejectOnce(error);
    };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !isPublicAddress(host) && !options.allowPrivate) {
      reject(new OutboundError('private_address', host));
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: options.method ?? 'GET',
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
        headers: {
          accept: options.accept ?? '*/*',
          'user-agent': 'PartnerPortal/1.0',
          ...options.headers,
        },
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            reject(new OutboundError('too_large', `over ${options.maxBytes} bytes`));
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.join(', ') : String(value ?? ''),
              ]),
            ),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', (error) => reject(asOutbound(error)));
      },
    );
    // `timeout` above is the socket's idle time; this bounds the whole exchange, so a receiver
    // that trickles a byte at a time cannot hold a sender for long.
    const tooSlow = () =>
      request.destroy(new OutboundError('timeout', `no answer in ${options.timeoutMs} ms`));
    request.on('timeout', tooSlow);
    timer.deadline = setTimeout(tooSlow, options.timeoutMs);
    request.on('error', (error) => reject(asOutbound(error)));
    request.end(options.body);
  });
}

/** GET `url` as text, under the rules above: a redirect or a status other than 2xx is refused. */
export async function fetchPublicText(url: URL, options: PublicFetchOptions): Promise<string> {
  const answer = await requestPublic(url, options);
  if (answer.status >= 300 && answer.status < 400) {
    throw new OutboundError('redirect', `${answer.status} to ${answer.headers.location ?? '?'}`);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new OutboundError('status', String(answer.status));
  }
  return answer.body.toString('utf8');
}

/**
 * A fetch-compatible function under the same rules, for libraries that take one
 * (openid-client's customFetch): what they ask of an IdP whose address someone typed.
 */
export function publicFetch(options: Omit<PublicFetchOptions, 'accept'>) {
  return async (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: unknown },
  ): Promise<Response> => {
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : init.body instanceof URLSearchParams
          ? init.body.toString()
          : typeof init.body === 'string' || init.body instanceof Uint8Array
            ? init.body
            : new Uint8Array(init.body as ArrayBuffer);
    const answer = await requestPublic(new URL(url), {
      ...options,
      method: init.method,
      headers: init.headers,
      ...(body === undefined ? {} : { body }),
    });
    // A status with no body of its own (204, 304) takes none in a Response either.
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

const asOutbound = (error: Error) =>
  error instanceof OutboundError ? error : new OutboundError('unreachable', error.message);
