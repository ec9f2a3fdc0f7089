import { HttpException } from '@nestjs/common';
import { ErrorCode, HTTP_STATUS_BY_CODE, OUTAGE, isRpcErrorPayload, type ServiceName } from '@runpledge/contracts';
import { RequestError, TimeoutError } from '@nats-io/transport-node';

/** An error a service answered, as the HTTP error the browser sees. */
export function rpcErrorToHttp(err: unknown): HttpException {
  if (isRpcErrorPayload(err)) return new HttpException(err.message, HTTP_STATUS_BY_CODE[err.code]);
  return new HttpException('Internal server error', 500);
}

/** A transport failure (no service listening, no answer in time, NATS gone) as 503 or 504. */
export function transportErrorToHttp(err: unknown, service: ServiceName | string): HttpException {
  if (err instanceof TimeoutError || (err instanceof RequestError && err.cause instanceof TimeoutError)) {
    return new HttpException(`The ${service} service did not answer in time`, HTTP_STATUS_BY_CODE[ErrorCode.Timeout]);
  }
  return new HttpException(`The ${service} service is unavailable`, HTTP_STATUS_BY_CODE[ErrorCode.ServiceUnavailable]);
}

/** The gateway knows its connection to NATS is down: 503 at once, no deadline to wait out. */
export function brokerDownError(): HttpException {
  return new HttpException(OUTAGE.brokerDownMessage, HTTP_STATUS_BY_CODE[ErrorCode.ServiceUnavailable]);
}
