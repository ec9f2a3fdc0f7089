/** An API error in Stripe's shape: `{error: {type, message, param?, code?}}` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error' = 'invalid_request_error',
  ) {
    super(message);
  }

  toJSON(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.code) error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    return { error };
  }
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, `Missing required param: ${param}.`, param, 'parameter_missing');
}

export function invalidParam(param: string, message: string): StripeApiError {
  return new StripeApiError(400, message, param, 'parameter_invalid_empty');
}

/** A referenced object (in a parameter) that does not exist: 400 like Stripe, not 404. */
export function noSuchParam(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(400, `No such ${kind}: '${id}'`, param, 'resource_missing');
}

/** The object named in the URL does not exist: 404. */
export function noSuchObject(kind: string, id: string): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, 'id', 'resource_missing');
}

export function unknownParam(param: string): StripeApiError {
  return new StripeApiError(400, `Received unknown parameter: ${param}`, param, 'parameter_unknown');
}
