import { useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';

/**
 * Who is signed in, asked of the server: the Strava return needs it before the auth provider of
 * branch web-auth is on main. Replace with `useAuth()` from '@/lib/auth' once it is.
 */
export function useSessionUser() {
  return useQuery({
    queryKey: ['auth', 'me'],
    queryFn: async () => {
      try {
        return (await api.get<{ user: { id: string } }>('/api/auth/me')).user;
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 401) return null;
        throw err;
      }
    },
    retry: false,
  });
}
