import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ErrorCode } from '@runpledge/contracts';
import { throwError, type Observable } from 'rxjs';
import { ServiceException } from './service.exception.js';

/** The NATS header with the caller's deadline (epoch milliseconds): past it, nobody waits for the answer. */
export const RPC_DEADLINE_HEADER = 'Rp-Deadline';

/**
 * Drops an RPC whose caller has already given up (its deadline, set by the gateway, has passed) before
 * the handler runs. An overloaded service otherwise applied requests the gateway had answered 504
 * long before, e.g. a page edit landing after a later, acknowledged one. Requests without the header
 * (service to service, tests) run as before.
 */
@Injectable()
export class RpcDeadlineInterceptor implements NestInterceptor {
  constructor(private readonly clock: () => number = Date.now) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const headers = (
      context.switchToRpc().getContext() as { getHeaders?: () => { get(key: string): string } | undefined }
    ).getHeaders?.();
    const deadline = Number(headers?.get(RPC_DEADLINE_HEADER) || NaN);
    if (Number.isFinite(deadline) && this.clock() > deadline) {
      return throwError(
        () => new ServiceException(ErrorCode.ServiceUnavailable, 'The request timed out. Please try again.'),
      );
    }
    return next.handle();
  }
}
