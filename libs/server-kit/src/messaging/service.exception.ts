import { ErrorCode, HTTP_STATUS_BY_CODE, type RpcErrorPayload } from '@runpledge/contracts';

/** A failure a service reports to its caller: a code the gateway maps to HTTP, and the words to show. */
export class ServiceException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceException';
  }

  toPayload(): RpcErrorPayload {
    return { status: HTTP_STATUS_BY_CODE[this.code], code: this.code, message: this.message };
  }

  static badRequest(message: string): ServiceException {
    return new ServiceException(ErrorCode.BadRequest, message);
  }
  static notFound(message: string): ServiceException {
    return new ServiceException(ErrorCode.NotFound, message);
  }
  static forbidden(message = 'You do not have permission to do that'): ServiceException {
    return new ServiceException(ErrorCode.Forbidden, message);
  }
  static conflict(message: string): ServiceException {
    return new ServiceException(ErrorCode.Conflict, message);
  }
}
