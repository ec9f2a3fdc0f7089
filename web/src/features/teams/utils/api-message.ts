import { ApiRequestError } from '@/lib/api-client';

/** The server's words for a refused call (e.g. "This page is already in a team"), or `fallback`. */
export function apiMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && typeof error.body?.message === 'string' && error.status < 500
    ? error.body.message
    : fallback;
}
