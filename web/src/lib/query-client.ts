import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx (not found, not signed in, invalid) stays a 4xx; only network and 5xx errors may pass.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && !(error instanceof ApiRequestError && error.status < 500),
      },
    },
  });
}
