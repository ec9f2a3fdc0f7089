import { ApiRequestError } from '@/lib/api-client';

/** The server's own words for a 4xx (the spec's messages), else a generic retry message. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiRequestError && error.status < 500 && typeof error.body?.message === 'string')
    return error.body.message;
  return fallback;
}
