import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { PlatformError, UnsafeAddressError } from './platform.errors.js';
import { hostAllowed, isPublicAddress } from './public-address.util.js';

export interface PlatformResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PlatformRequestOptions {
  headers?: Record<string, string>;
  timeoutMs: number;
  /**
   * Production rule for addresses users type: https only, the host on the allow list when there is one,
   * and every address the name resolves to public, checked at connect time (no DNS rebinding).
   */
  publicOnly?: { allowedHosts: readonly string[] };
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Resolves like dns.lookup, then refuses the connection when any address is not public. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new UnsafeAddressError(`${hostname} resolves to a non-public address`), '', 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** One GET with a deadline; connection problems and timeouts are `unavailable` (retryable). */
export function platformGet(url: URL, options: PlatformRequestOptions): Promise<PlatformResponse> {
  if (options.publicOnly) {
    if (url.protocol !== 'https:') return Promise.reject(new UnsafeAddressError('Only https addresses are fetched'));
    if (!hostAllowed(url.hostname, options.publicOnly.allowedHosts))
      return Promise.reject(new UnsafeAddressError(`${url.hostname} is not an allowed host`));
    // A literal IP is connected to without a lookup: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !isPublicAddress(literal))
      return Promise.reject(new UnsafeAddressError(`${url.hostname} is not a public address`));
  } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return Promise.reject(new UnsafeAddressError('Only web addresses are fetched'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        headers: { accept: 'application/json', 'user-agent': 'RunPledge totals sync', ...options.headers },
        timeout: options.timeoutMs,
        lookup: options.publicOnly ? publicOnlyLookup : undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            req.destroy(new PlatformError('The platform answered too much', 'unavailable'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (err) => reject(asPlatformError(err)));
      },
    );
    req.on('timeout', () => req.destroy(new PlatformError(`No answer within ${options.timeoutMs} ms`, 'unavailable')));
    req.on('error', (err) => reject(asPlatformError(err)));
  });
}

function asPlatformError(err: unknown): PlatformError {
  if (err instanceof PlatformError) return err;
  return new PlatformError(`The platform could not be reached: ${(err as Error).message}`, 'unavailable');
}
