import type { User } from '@runpledge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ApiRequestError } from '@/lib/api-client';

/**
 * Who is looking at the page, as far as the header needs it. A stand-in with the shape of
 * web-auth's `useAuth()` ({user, loading, signOut}); once that provider is on main this hook
 * becomes a re-export of it.
 */
export interface Viewer {
  user: User | null;
  loading: boolean;
  signOut: () => Promise<void>;
}

const viewerKey = ['auth', 'me'] as const;

async function getSignedInUser(): Promise<User | null> {
  try {
    return (await api.get<{ user: User }>('/api/auth/me')).user;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export function useViewer(): Viewer {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: viewerKey, queryFn: getSignedInUser, staleTime: 5 * 60_000 });

  const signOut = useCallback(async () => {
    try {
      await api.post('/api/auth/signout');
    } finally {
      queryClient.setQueryData(viewerKey, null);
      // Ownership is decided by the server: reload what the page shows as a visitor.
      await queryClient.invalidateQueries({ queryKey: ['runner-profile'] });
      queryClient.removeQueries({ queryKey: ['encouragements'] });
    }
  }, [queryClient]);

  return { user: data ?? null, loading: isPending, signOut };
}
