/** Why a donation platform gave no totals. `retryable` ones (429, 5xx, timeouts) back off and try again. */
export class PlatformError extends Error {
  constructor(
    message: string,
    readonly kind: 'rate-limited' | 'unavailable' | 'not-found' | 'refused',
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  get retryable(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'unavailable';
  }
}

/** An address we must not fetch: not https in production, a private address, or a host not allowed. */
export class UnsafeAddressError extends PlatformError {
  constructor(message: string) {
    super(message, 'refused');
    this.name = 'UnsafeAddressError';
  }
}

/** Maps a status the platform answered to an error, or undefined for a usable answer (2xx, 304). */
export function errorForStatus(
  platform: string,
  status: number,
  retryAfter: string | undefined,
): PlatformError | undefined {
  if ((status >= 200 && status < 300) || status === 304) return undefined;
  if (status === 429) return new PlatformError(`${platform} answered 429`, 'rate-limited', retryAfterMs(retryAfter));
  if (status >= 500)
    return new PlatformError(`${platform} answered ${status}`, 'unavailable', retryAfterMs(retryAfter));
  if (status === 404) return new PlatformError(`${platform} does not know this page`, 'not-found');
  return new PlatformError(`${platform} answered ${status}`, 'refused');
}

function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
