import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { AuthProvider, useAuth } from './auth';

const SUBSCRIPTION = {
  status: 'trialing',
  hasAccess: true,
  lifetimeAccess: false,
  trialEndsAt: '2026-06-01T00:00:00.000Z',
  currentPeriodEnd: null,
};
const USER_KEY = 'runpledge:user';

function renderAuth() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return { ...renderHook(() => useAuth(), { wrapper }), queryClient };
}

describe('AuthProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('throws the exact message when useAuth is used outside the provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('starts signed out and not loading when nothing is saved, without calling the server', () => {
    const api = mockApi({});
    const { result } = renderAuth();

    expect(result.current.user).toBeNull();
    expect(result.current.loading).toBe(false);
    expect(result.current.subscription).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it.each(['{not json', '"just text"', 'null', '{"email":"no-id@example.com"}'])(
    'removes a saved user it cannot read (%s)',
    (saved) => {
      localStorage.setItem(USER_KEY, saved);
      mockApi({});
      const { result } = renderAuth();

      expect(result.current.user).toBeNull();
      expect(result.current.loading).toBe(false);
      expect(localStorage.getItem(USER_KEY)).toBeNull();
    },
  );

  it('is loading with the saved user until the server confirms the session, then checks the subscription', async () => {
    const saved = sampleUser();
    localStorage.setItem(USER_KEY, JSON.stringify(saved));
    const fresh = sampleUser({ emailVerified: true });
    let confirm: (response: Response) => void = () => {};
    const api = mockApi({
      'GET /api/auth/me': () => new Promise<Response>((resolve) => (confirm = resolve)),
      'GET /api/subscription/check': jsonResponse(200, SUBSCRIPTION),
    });
    const { result } = renderAuth();

    expect(result.current.loading).toBe(true);
    expect(result.current.user).toEqual(saved);

    await act(async () => confirm(jsonResponse(200, { user: fresh })));

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toEqual(fresh);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(fresh);
    await waitFor(() => expect(result.current.subscription).toEqual(SUBSCRIPTION));
    expect(api.called('GET', '/api/subscription/check')).toHaveLength(1);
  });

  it('forgets the saved user when the session has ended (401)', async () => {
    localStorage.setItem(USER_KEY, JSON.stringify(sampleUser()));
    mockApi({ 'GET /api/auth/me': jsonResponse(401, { statusCode: 401, message: 'Unauthorized' }, 'Unauthorized') });
    const { result } = renderAuth();

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('keeps the saved user when the server cannot be reached', async () => {
    localStorage.setItem(USER_KEY, JSON.stringify(sampleUser()));
    mockApi({ 'GET /api/auth/me': jsonResponse(503, {}, 'Service Unavailable') });
    const { result } = renderAuth();

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toEqual(sampleUser());
  });

  it('signs in: sets and saves the user, then checks the subscription', async () => {
    const user = sampleUser();
    const api = mockApi({
      'POST /api/auth/signin': jsonResponse(200, { user }),
      'GET /api/subscription/check': jsonResponse(200, SUBSCRIPTION),
    });
    const { result } = renderAuth();

    await act(() => result.current.signIn('jane@example.com', 'Secret123'));

    expect(api.called('POST', '/api/auth/signin')[0]?.body).toEqual({
      email: 'jane@example.com',
      password: 'Secret123',
    });
    expect(result.current.user).toEqual(user);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user);
    await waitFor(() => expect(result.current.subscription).toEqual(SUBSCRIPTION));
  });

  it('only logs a failed subscription check and leaves the subscription as it was', async () => {
    mockApi({
      'POST /api/auth/signup': jsonResponse(201, { user: sampleUser() }),
      'GET /api/subscription/check': jsonResponse(500, {}, 'Internal Server Error'),
    });
    const { result } = renderAuth();

    await act(() => result.current.signUp('jane@example.com', 'Secret123'));

    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Subscription check failed:', expect.any(Error)));
    expect(result.current.user).toEqual(sampleUser());
    expect(result.current.subscription).toBeNull();
  });

  it('logs and re-raises a failed sign-up, staying signed out', async () => {
    mockApi({
      'POST /api/auth/signup': jsonResponse(409, { statusCode: 409, message: 'User already registered' }, 'Conflict'),
    });
    const { result } = renderAuth();

    await expect(result.current.signUp('jane@example.com', 'Secret123')).rejects.toThrow(
      'API request failed: Conflict',
    );
    expect(console.error).toHaveBeenCalledWith('Sign up error:', expect.any(Error));
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('signs out: tells the server, then clears the user, the subscription, the saved user and cached data', async () => {
    const api = mockApi({
      'POST /api/auth/signin': jsonResponse(200, { user: sampleUser() }),
      'GET /api/subscription/check': jsonResponse(200, SUBSCRIPTION),
      'POST /api/auth/signout': jsonResponse(200, { success: true }),
    });
    const { result, queryClient } = renderAuth();
    await act(() => result.current.signIn('jane@example.com', 'Secret123'));
    await waitFor(() => expect(result.current.subscription).not.toBeNull());
    queryClient.setQueryData(['recent-profiles'], [{ id: 'p1' }]);

    await act(() => result.current.signOut());

    expect(api.called('POST', '/api/auth/signout')).toHaveLength(1);
    expect(result.current.user).toBeNull();
    expect(result.current.subscription).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(queryClient.getQueryData(['recent-profiles'])).toBeUndefined();
  });

  it('signs out on this device even when the server call fails, and re-raises the error', async () => {
    localStorage.setItem(USER_KEY, JSON.stringify(sampleUser()));
    mockApi({
      'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
      'GET /api/subscription/check': jsonResponse(200, SUBSCRIPTION),
      'POST /api/auth/signout': jsonResponse(502, {}, 'Bad Gateway'),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.loading).toBe(false));

    await act(() => expect(result.current.signOut()).rejects.toThrow('API request failed: Bad Gateway'));

    expect(console.error).toHaveBeenCalledWith('Sign out error:', expect.any(Error));
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('ignores a late session answer once the user has signed in again', async () => {
    localStorage.setItem(USER_KEY, JSON.stringify(sampleUser({ email: 'old@example.com' })));
    let answerMe: (response: Response) => void = () => {};
    const newUser = sampleUser({ email: 'new@example.com' });
    mockApi({
      'GET /api/auth/me': () => new Promise<Response>((resolve) => (answerMe = resolve)),
      'POST /api/auth/signin': jsonResponse(200, { user: newUser }),
      'GET /api/subscription/check': jsonResponse(200, SUBSCRIPTION),
    });
    const { result } = renderAuth();

    await act(() => result.current.signIn('new@example.com', 'Secret123'));
    await act(async () => answerMe(jsonResponse(401, {}, 'Unauthorized')));

    expect(result.current.user).toEqual(newUser);
    expect(result.current.loading).toBe(false);
  });
});
