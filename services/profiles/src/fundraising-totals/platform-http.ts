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
  /**
   * Absolute deadline from connecting to the last byte: a host that sends a byte now and then must
   * not hold a sync slot for longer than this.
   */
  timeoutMs: number;
  /** Ends the request early (the sync job's own deadline); its reason is the error's message. */
  signal?: AbortSignal;
  /**
   * The rule for every platform address but a listed emulator's: https only, the host on the allow list when there is one,
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
    if (url.protocol !== 'https:')
      return Promise.reject(
        new UnsafeAddressError(
          `Only https addresses are fetched, not ${url.origin} (a local emulator's origin goes in PLATFORM_EMULATOR_ORIGINS)`,
        ),
      );
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
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      if (!signal.aborted) return reject(asPlatformError(err));
      if (deadline.aborted)
        return reject(new PlatformError(`No complete answer within ${options.timeoutMs} ms`, 'unavailable'));
      const reason: unknown = options.signal?.reason;
      reject(new PlatformError(reason instanceof Error ? reason.message : 'The request was ended', 'unavailable'));
    };
    if (signal.aborted) return fail(signal.reason);
    const req = client.get(
      url,
      {
        headers: { accept: 'application/json', 'user-agent': 'RunPledge totals sync', ...options.headers },
        signal,
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
        res.on('error', fail);
      },
    );
    req.on('error', fail);
  });
}

function asPlatformError(err: unknown): PlatformError {
  if (err instanceof PlatformError) return err;
  return new PlatformError(`The platform could not be reached: ${(err as Error).message}`, 'unavailable');
}
