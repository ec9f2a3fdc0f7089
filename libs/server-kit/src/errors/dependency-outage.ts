/**
 * Whether an error means a dependency is unreachable (PostgreSQL stopped or restarting, Redis gone,
 * a socket reset) rather than a bug: such errors are answered 503 with `Retry-After`, never 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** SQLSTATEs of PostgreSQL that say "not now" rather than "wrong". */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin_shutdown
    code === '57P02' || // crash_shutdown
    code === '57P03' || // cannot_connect_now (starting up, shutting down)
    code === '53300' // too_many_connections
  );
}

const MESSAGES = [
  'connection terminated',
  'timeout exceeded when trying to connect',
  'client has encountered a connection error',
  'connection is closed', // ioredis
  'reached the max retries per request limit', // ioredis MaxRetriesPerRequestError
  "stream isn't writeable", // ioredis with enableOfflineQueue false
  'the database system is',
  'terminating connection due to administrator command',
  'cannot use a pool after calling end',
  'driver not connected',
];

export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof e.code === 'string' &&
    (NETWORK_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && isUnavailableSqlState(e.code)))
  )
    return true;
  if (typeof e.message === 'string') {
    const message = e.message.toLowerCase();
    if (MESSAGES.some((m) => message.includes(m))) return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDependencyOutage(inner, depth + 1))) return true;
  return isDependencyOutage(e.driverError, depth + 1) || isDependencyOutage(e.cause, depth + 1);
}
