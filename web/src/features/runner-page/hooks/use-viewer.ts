import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth, type AuthContextValue } from '@/lib/auth';

/** Who is looking at the page, as far as the header needs it. */
export type Viewer = Pick<AuthContextValue, 'user' | 'loading' | 'signOut'>;

export function useViewer(): Viewer {
  const { user, loading, signOut } = useAuth();
  const queryClient = useQueryClient();
  const signOutHere = useCallback(async () => {
    try {
      await signOut();
    } finally {
      // Ownership is decided by the server: reload what the page shows as a visitor.
      await queryClient.invalidateQueries({ queryKey: ['runner-profile'] });
    }
  }, [signOut, queryClient]);
  return { user, loading, signOut: signOutHere };
}
