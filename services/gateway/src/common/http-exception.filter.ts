import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { OUTAGE, type ApiError } from '@runpledge/contracts';
import { isDependencyOutage } from '@runpledge/server-kit/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';

/** Every error leaves the gateway as `{statusCode, error, message}`; 5xx details stay in the log. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly spaFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    // The gateway's own dependencies (Redis for sessions and limits) down: a 503 to retry, not a 500.
    const outage = !(exception instanceof HttpException) && isDependencyOutage(exception);
    const status = outage ? 503 : statusOf(exception);
    if (status === 404 && this.spaFallback?.(request, reply)) return;
    const body: ApiError = {
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message: outage
        ? OUTAGE.message
        : status >= 500 && !(exception instanceof HttpException)
          ? 'Internal server error'
          : messageOf(exception),
    };
    if (status === 503) {
      // Clients (and the web app) retry after this; the log keeps the cause at warn, not error.
      void reply.header('retry-after', String(OUTAGE.retryAfterSeconds));
      this.logger.warn({ err: exception, reqId: request.id, url: request.url }, body.message);
    } else if (status >= 500) this.logger.error({ err: exception, reqId: request.id, url: request.url }, body.message);
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  // Fastify's own errors (bad JSON, body too large, wrong content type) carry a 4xx statusCode.
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function messageOf(exception: unknown): string {
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    if (typeof response === 'string') return response;
    const message = (response as { message?: unknown }).message;
    if (Array.isArray(message)) return String(message[0]);
    if (typeof message === 'string') return message;
    return exception.message;
  }
  if (exception instanceof Error) return exception.message;
  return 'Unexpected error';
}
