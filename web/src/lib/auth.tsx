import type { SubscriptionCheck, User } from '@runpledge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, ApiRequestError } from './api-client';
import { readItem, removeItem, writeItem } from './storage';

/** Auth state of spec 4: the signed-in user (kept in local storage) and their subscription. */
export interface AuthContextValue {
  user: User | null;
  /** True until the saved user has been confirmed with the server. */
  loading: boolean;
  /** Null until the subscription has been checked. */
  subscription: SubscriptionCheck | null;
  signUp: (email: string, password: string) => Promise<User>;
  signIn: (email: string, password: string) => Promise<User>;
  signOut: () => Promise<void>;
  checkSubscription: () => Promise<void>;
  /** Keeps a changed user (e.g. a confirmed new e-mail) as the signed-in one. */
  updateUser: (user: User) => void;
}

interface UserResponse {
  user: User;
}

const USER_KEY = 'user';

const AuthContext = createContext<AuthContextValue | null>(null);

function isUser(value: unknown): value is User {
  const candidate = value as Partial<User> | null;
  return typeof candidate?.id === 'string' && typeof candidate.email === 'string';
}

/** The user saved by an earlier visit; an entry that cannot be parsed is removed. */
export function readSavedUser(): User | null {
  const raw = readItem('local', USER_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUser(parsed)) return parsed;
  } catch {
    // Falls through to the removal below.
  }
  removeItem('local', USER_KEY);
  return null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [savedUser] = useState(readSavedUser);
  const [user, setUser] = useState<User | null>(savedUser);
  // With nothing saved there is nothing to confirm, so visitors never wait.
  const [loading, setLoading] = useState(savedUser !== null);
  const [subscription, setSubscription] = useState<SubscriptionCheck | null>(null);
  // Bumped by every sign-in, sign-up and sign-out, so a late answer about an older session is ignored.
  const sessionVersion = useRef(0);

  const rememberUser = useCallback((next: User) => {
    setUser(next);
    writeItem('local', USER_KEY, JSON.stringify(next));
  }, []);

  const forgetUser = useCallback(() => {
    setUser(null);
    setSubscription(null);
    removeItem('local', USER_KEY);
    // Another account's cached pages must not show after sign-out.
    queryClient.clear();
  }, [queryClient]);

  const checkSubscription = useCallback(async () => {
    try {
      setSubscription(await api.get<SubscriptionCheck>('/api/subscription/check'));
    } catch (error) {
      // Spec 8: only logged; the subscription stays as it was.
      console.error('Subscription check failed:', error);
    }
  }, []);

  useEffect(() => {
    if (!savedUser) return;
    const version = sessionVersion.current;
    const isCurrent = () => version === sessionVersion.current;
    // The saved copy only says who was signed in; the session cookie decides whether they still are.
    api
      .get<UserResponse>('/api/auth/me')
      .then(({ user: current }) => {
        if (!isCurrent()) return;
        rememberUser(current);
        void checkSubscription();
      })
      .catch((error: unknown) => {
        if (!isCurrent()) return;
        if (error instanceof ApiRequestError && error.status === 401) forgetUser();
        // Otherwise (offline, server trouble) the saved user stands; the next call will tell.
        else console.error('Could not confirm the saved session:', error);
      })
      .finally(() => {
        if (isCurrent()) setLoading(false);
      });
    return () => {
      sessionVersion.current += 1;
    };
  }, [savedUser, rememberUser, forgetUser, checkSubscription]);

  const authenticate = useCallback(
    async (path: '/api/auth/signup' | '/api/auth/signin', email: string, password: string, label: string) => {
      try {
        const { user: next } = await api.post<UserResponse>(path, { email, password });
        sessionVersion.current += 1;
        rememberUser(next);
        setLoading(false);
        void checkSubscription();
        return next;
      } catch (error) {
        console.error(`${label} error:`, error);
        throw error;
      }
    },
    [rememberUser, checkSubscription],
  );

  const signUp = useCallback(
    (email: string, password: string) => authenticate('/api/auth/signup', email, password, 'Sign up'),
    [authenticate],
  );
  const signIn = useCallback(
    (email: string, password: string) => authenticate('/api/auth/signin', email, password, 'Sign in'),
    [authenticate],
  );

  const signOut = useCallback(async () => {
    try {
      await api.post('/api/auth/signout');
    } catch (error) {
      console.error('Sign out error:', error);
      throw error;
    } finally {
      // Signed out on this device even when the server could not be told.
      sessionVersion.current += 1;
      setLoading(false);
      forgetUser();
    }
  }, [forgetUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, subscription, signUp, signIn, signOut, checkSubscription, updateUser: rememberUser }),
    [user, loading, subscription, signUp, signIn, signOut, checkSubscription, rememberUser],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
