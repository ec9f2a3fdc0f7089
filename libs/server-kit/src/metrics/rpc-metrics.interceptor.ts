import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, tap, throwError, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import { isDependencyOutage } from '../errors/dependency-outage.js';
import { ServiceException } from '../messaging/service.exception.js';
import { subjectPrefix } from '../messaging/subject.js';
import { rpcServerDuration, secondsSince } from './metrics.js';

/** How a handler's failure counts: a refusal the caller caused, an outage, or a fault of ours. */
export function rpcOutcome(err: unknown): 'rejected' | 'unavailable' | 'error' {
  if (err instanceof ServiceException || err instanceof ZodError) return 'rejected';
  if (isDependencyOutage(err)) return 'unavailable';
  return 'error';
}

/**
 * Times every NATS request a service handles, labelled by its contracts pattern (the subject less
 * the run's prefix) and outcome. Event-less: only the histogram's observe on the way out.
 */
@Injectable()
export class RpcMetricsInterceptor implements NestInterceptor {
  private readonly prefixLength = subjectPrefix().length;

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const subject = (context.switchToRpc().getContext() as { getSubject?: () => string }).getSubject?.() ?? '';
    const pattern = subject.slice(this.prefixLength) || 'unknown';
    const start = process.hrtime.bigint();
    return next.handle().pipe(
      tap({ complete: () => rpcServerDuration.observe({ pattern, outcome: 'ok' }, secondsSince(start)) }),
      catchError((err: unknown) => {
        rpcServerDuration.observe({ pattern, outcome: rpcOutcome(err) }, secondsSince(start));
        return throwError(() => err);
      }),
    );
  }
}
