import type { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { baseEnvValue } from '../config/env.js';
import { logContext } from '../telemetry/trace-context.js';

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'token',
  '*.token',
  'inviteCode',
  '*.inviteCode',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.accessToken',
  '*.refreshToken',
];

/**
 * Query parameters that carry secrets (OAuth codes and state, tokens, team invite codes, checkout
 * sessions); matched case-insensitively.
 */
export const SECRET_QUERY_PARAMS = [
  'code',
  'state',
  'token',
  'invite',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'hub.verify_token',
  'session_id',
  'password',
  'key',
  'signature',
];
const SECRET_PARAMS = new Set(SECRET_QUERY_PARAMS);

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the value of every secret query parameter replaced; everything else kept as it was. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hashAt = url.indexOf('#', start);
  const query = url.slice(start + 1, hashAt < 0 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(paramName(name)) && eq >= 0 ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${redacted}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

export function createLogger(
  name: string,
  level: string = baseEnvValue('LOG_LEVEL'),
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    name,
    level,
    base: { service: name },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Every line written while working for a request carries its id (and trace id when tracing).
    mixin: logContext,
    serializers: {
      // Fastify's request line, with the query string's secrets redacted (it takes our serializer over its own).
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
        host: req.host,
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
        remotePort: req.socket?.remotePort,
      }),
    },
    formatters: {
      // Any `url` a handler logs (e.g. with an error) gets the same treatment.
      log: (object) => (typeof object.url === 'string' ? { ...object, url: redactUrl(object.url) } : object),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Nest's own messages (startup, routes, errors it catches) as JSON lines through the process's
 * pino logger, by nestjs-pino's `Logger`: same redaction, `service`, and request id as every
 * other line. Passed as the `logger` option of NestFactory (not `bufferLogs` + `useLogger`, which
 * would hold back the lines written while the app starts, e.g. TypeORM's connection retries).
 * nestjs-pino keeps one root logger per process: the first logger given here is the one used.
 */
export function nestLogger(logger: Logger): LoggerService {
  const params = { pinoHttp: { logger } };
  return new NestPinoLogger(new PinoLogger(params), params);
}
