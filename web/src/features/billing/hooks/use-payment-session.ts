import type { User } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';

/*
 * A stand-in until the web-auth branch lands `useAuth()` and the saved sign-up data helpers
 * (lib/auth.tsx, lib/signup-form-storage.ts): then /payment uses those and this file goes.
 * The storage key and entry shape are theirs ('runpledge:signup-form', `{ value, expiresAt }`).
 */
const SIGNUP_FORM_KEY = 'runpledge:signup-form';
const PROFILE_CREATED_KEY = 'runpledge:signup-profile-created';

/** The signed-in user, or null; `loading` until the server has answered. */
export function usePaymentUser(): { user: User | null; loading: boolean } {
  const me = useQuery({
    queryKey: ['auth', 'me'],
    queryFn: async () => {
      try {
        return (await api.get<{ user: User }>('/api/auth/me')).user;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
  });
  return { user: me.data ?? null, loading: me.isPending };
}

/** The slug the runner chose on /signup, while the saved form data has not expired. */
export function savedSignupSlug(now = Date.now()): string | null {
  try {
    const entry = JSON.parse(sessionStorage.getItem(SIGNUP_FORM_KEY) ?? 'null') as {
      value?: { url_slug?: unknown };
      expiresAt?: number;
    } | null;
    const slug = entry?.value?.url_slug;
    return typeof slug === 'string' && slug && (entry?.expiresAt ?? 0) > now ? slug : null;
  } catch {
    return null;
  }
}

/** Spec 4: the saved sign-up data is cleared once payment succeeded. */
export function clearSavedSignup(): void {
  try {
    sessionStorage.removeItem(SIGNUP_FORM_KEY);
    sessionStorage.removeItem(PROFILE_CREATED_KEY);
  } catch {
    // Unavailable storage holds nothing to clear.
  }
}
