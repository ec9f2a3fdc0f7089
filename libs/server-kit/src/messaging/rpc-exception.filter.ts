import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { ErrorCode, OUTAGE, type RpcErrorPayload } from '@runpledge/contracts';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import { isDependencyOutage } from '../errors/dependency-outage.js';
import { ServiceException } from './service.exception.js';

/** Turns whatever a handler throws into the `{status, code, message}` every caller understands. */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<RpcErrorPayload> {
    return throwError(() => this.toPayload(exception));
  }

  private toPayload(exception: unknown): RpcErrorPayload {
    if (exception instanceof ServiceException) return exception.toPayload();
    if (exception instanceof ZodError) {
      const first = exception.issues[0];
      return { status: 400, code: ErrorCode.Validation, message: first?.message ?? 'Invalid request' };
    }
    if (isDependencyOutage(exception)) {
      // The database (or Redis) is down: the caller gets a 503 to retry, not a 500.
      this.logger.warn({ err: exception }, 'dependency unavailable in message handler');
      return { status: 503, code: ErrorCode.ServiceUnavailable, message: OUTAGE.message };
    }
    this.logger.error({ err: exception }, 'unhandled error in message handler');
    return { status: 500, code: ErrorCode.Internal, message: 'Internal server error' };
  }
}
