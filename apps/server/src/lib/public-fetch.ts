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

/** GET `url` as text, under the rules above; throws OutboundError. */
export function fetchPublicText(url: URL, options: PublicFetchOptions): Promise<string> {
  return new Promise((resolveOnce, rejectOnce) => {
    // Sockets report their end in several ways; the first word is the answer.
    let settled = false;
    const resolve = (text: string) => {
      if (settled) return;
      settled = true;
      resolveOnce(text);
    };
    const reject = (error: OutboundError) => {
      if (settled) return;
      settled = true;
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
        method: 'GET',
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
        headers: { accept: options.accept ?? '*/*', 'user-agent': 'PartnerPortal/1.0' },
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          reject(new OutboundError('redirect', `${status} to ${response.headers.location ?? '?'}`));
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new OutboundError('status', String(status)));
          return;
        }
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
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', (error) => reject(asOutbound(error)));
      },
    );
    request.on('timeout', () =>
      request.destroy(new OutboundError('timeout', `no answer in ${options.timeoutMs} ms`)),
    );
    request.on('error', (error) => reject(asOutbound(error)));
    request.end();
  });
}

const asOutbound = (error: Error) =>
  error instanceof OutboundError ? error : new OutboundError('unreachable', error.message);
