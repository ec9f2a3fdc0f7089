import { ApiRequestError, type ApiErrorBody } from '@/lib/api-client';

/** The server's own words for a 4xx (the spec's messages), else a generic retry message. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiRequestError && error.status < 500 && typeof error.body?.message === 'string')
    return error.body.message;
  return fallback;
}

/** What the gateway says for a failure it does not explain (details stay in its log): no reason to show. */
const UNEXPLAINED_FAILURE = 'Internal server error';

/**
 * The server's reason for a failure, if it gave one: the `message` of the gateway's error body, or
 * the `error` of a body that is only `{error}` (spec 7's sync errors). Spec 8 shows it where given.
 */
export function serverReasonOf(body: ApiErrorBody | undefined): string | undefined {
  const message = typeof body?.message === 'string' ? body.message.trim() : '';
  if (message) return message === UNEXPLAINED_FAILURE ? undefined : message;
  return body?.statusCode === undefined && typeof body?.error === 'string' && body.error.trim()
    ? body.error.trim()
    : undefined;
}
