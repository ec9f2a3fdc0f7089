import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { MsgHdrs } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { Observable } from 'rxjs';
import { subjectPrefix } from '../messaging/subject.js';
import { continueTrace, natsHeadersToCarrier, SpanKind } from './trace-context.js';

/**
 * Continues the caller's trace and request id (the NATS headers the gateway sends) in every RPC a
 * service handles: the handler, its database calls, the events it records and its log lines all
 * belong to the request that caused them.
 */
@Injectable()
export class RpcTraceInterceptor implements NestInterceptor {
  private readonly prefixLength = subjectPrefix().length;

  /** With a logger, each handled request leaves a debug line (carrying its request id, as every line does). */
  constructor(private readonly logger?: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const rpc = context.switchToRpc().getContext() as { getSubject?: () => string; getHeaders?: () => MsgHdrs };
    const pattern = (rpc.getSubject?.() ?? '').slice(this.prefixLength) || 'unknown';
    const carrier = natsHeadersToCarrier(rpc.getHeaders?.());
    // next.handle() binds the handler to the async context it is called in: call it inside the span.
    return new Observable((subscriber) => {
      let teardown: (() => void) | undefined;
      void continueTrace(
        carrier,
        pattern,
        SpanKind.SERVER,
        { 'rpc.system': 'nats', 'rpc.method': pattern },
        () =>
          new Promise<void>((resolve, reject) => {
            const subscription = next.handle().subscribe({
              next: (value) => subscriber.next(value),
              error: (err: unknown) => {
                this.logger?.debug({ pattern, outcome: 'error' }, 'rpc handled');
                subscriber.error(err);
                reject(err);
              },
              complete: () => {
                this.logger?.debug({ pattern, outcome: 'ok' }, 'rpc handled');
                subscriber.complete();
                resolve();
              },
            });
            teardown = () => subscription.unsubscribe();
          }),
      ).catch(() => undefined);
      return () => teardown?.();
    });
  }
}
