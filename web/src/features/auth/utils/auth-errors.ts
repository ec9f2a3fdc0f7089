import { USER_EXISTS_MESSAGE } from '@runpledge/contracts';
import { ApiRequestError } from '@/lib/api-client';

export type AuthMode = 'signin' | 'signup';

export interface AuthErrorNotice {
  title: string;
  description: string;
  /** Spec 4: a sign-up that finds an existing account switches the form to sign-in. */
  switchToSignIn?: boolean;
}

/** The toast of spec 8 for a failed sign-up or sign-in. */
export function describeAuthError(error: unknown, mode: AuthMode): AuthErrorNotice {
  if (error instanceof ApiRequestError) {
    if (mode === 'signup' && error.body?.message?.includes(USER_EXISTS_MESSAGE)) {
      return {
        title: 'Account exists',
        description: 'An account with this email already exists. Please sign in instead.',
        switchToSignIn: true,
      };
    }
    if (error.status === 429) {
      return { title: 'Too many attempts', description: 'Please wait a minute, then try again.' };
    }
    if (error.status < 500) {
      return {
        title: 'Authentication Error',
        description:
          mode === 'signup'
            ? 'Unable to create account. Please try again.'
            : 'Invalid credentials. Please check your email and password.',
      };
    }
  }
  // Network failures and server errors: nothing the person typed was wrong.
  return { title: 'Error', description: 'An unexpected error occurred. Please try again.' };
}
