import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { planStravaReturn, useStravaReturn } from './use-strava-return';

const USER = '7d4b1c5e-4c39-4a57-9f3e-0e7a3c9a1b22';
const withTokens =
  'strava_connected=true&strava_access_token=a&strava_refresh_token=r&strava_athlete_id=42&strava_expires_at=1800000000';

describe('planStravaReturn', () => {
  it('claims nothing for a signed-in user: the connection is checked with the server first', () => {
    expect(planStravaReturn(new URLSearchParams('strava_connected=true'), USER)).toEqual({ check: true });
  });

  it('asks to log in when nobody is signed in', () => {
    expect(planStravaReturn(new URLSearchParams('strava_connected=true'), null)).toEqual({
      notice: expect.objectContaining({ description: expect.stringContaining('Please log in to complete the setup.') }),
      next: 'signIn',
    });
  });

  it('shows the error in words in a destructive notice, an unknown one as it came', () => {
    expect(planStravaReturn(new URLSearchParams('strava_error=wrong_browser'), USER)).toEqual({
      notice: {
        title: 'Strava Connection Failed',
        description: 'Error: This Strava connection was started in another browser. Please try again.',
        variant: 'destructive',
      },
      next: 'connect',
    });
    expect(planStravaReturn(new URLSearchParams('strava_error=odd'), USER)).toEqual({
      notice: expect.objectContaining({ description: 'Error: odd Please try again.' }),
      next: 'connect',
    });
  });

  it('shows the Connection Error for a return the server could not complete, whatever the reason', () => {
    for (const outcome of ['invalid_request', 'unavailable', 'request_failed'])
      expect(planStravaReturn(new URLSearchParams(`strava_error=${outcome}`), USER)).toEqual({
        notice: {
          title: 'Connection Error',
          description: 'Failed to save Strava connection. Please try again.',
          variant: 'destructive',
        },
        next: 'connect',
      });
  });

  it('offers to sign in when the session is missing, else to connect again', () => {
    expect(planStravaReturn(new URLSearchParams('strava_error=sign_in_required'), USER)).toMatchObject({
      next: 'signIn',
    });
    expect(planStravaReturn(new URLSearchParams('strava_error=unavailable'), null)).toMatchObject({ next: 'signIn' });
    expect(planStravaReturn(new URLSearchParams('strava_error=access_denied'), USER)).toMatchObject({
      next: 'connect',
    });
  });
});

const PROFILE = '0c0f7d1e-2b7e-4f0e-9d55-3a7e5a1c2b33';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The runner's pages, then their fitness profile. */
function answer(fitness: { stravaConnected: boolean }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/recent-profiles') return Promise.resolve(json([{ id: PROFILE, urlSlug: 'jane' }]));
    if (url === `/api/fitness-profile/${PROFILE}`)
      return Promise.resolve(json({ trainingStartDate: null, needsReconnect: false, lastSyncedAt: null, ...fitness }));
    return Promise.resolve(json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404));
  });
}

function Probe({ userId }: { userId: string | null }) {
  useStravaReturn({ userId, loading: false });
  const location = useLocation();
  return <p data-testid="search">{location.search}</p>;
}

function renderAt(url: string, userId: string | null) {
  const router = createMemoryRouter([{ path: '/', element: <Probe userId={userId} /> }], { initialEntries: [url] });
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
}

describe('useStravaReturn', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never sends tokens from the address bar anywhere, and clears only the strava parameters', async () => {
    const fetchMock = answer({ stravaConnected: true });
    renderAt(`/?${withTokens}&ref=mail`, USER);
    expect(await screen.findByText('Your Strava account has been connected successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?ref=mail'));
    const sent = JSON.stringify(fetchMock.mock.calls);
    for (const token of ['strava_access_token', 'strava_refresh_token', '1800000000'])
      expect(sent).not.toContain(token);
  });

  it('says connected to a signed-in runner only when the server has the connection', async () => {
    const fetchMock = answer({ stravaConnected: true });
    renderAt('/?strava_connected=true', USER);
    expect(await screen.findByText('Strava Connected')).toBeInTheDocument();
    expect(screen.getByText('Your Strava account has been connected successfully!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/recent-profiles',
      `/api/fitness-profile/${PROFILE}`,
    ]);
  });

  it("shows the Connection Error when the server has no connection for the runner's page", async () => {
    answer({ stravaConnected: false });
    renderAt('/?strava_connected=true', USER);
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to save Strava connection. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Strava Connected')).not.toBeInTheDocument();
  });

  it('shows the Connection Error when the check fails (server error or no answer)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ statusCode: 500, error: 'x', message: 'y' }, 500));
    renderAt('/?strava_connected=true', USER);
    expect(await screen.findByText('Failed to save Strava connection. Please try again.')).toBeInTheDocument();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/?strava_connected=true', USER);
    await waitFor(() =>
      expect(screen.getAllByText('Failed to save Strava connection. Please try again.')).toHaveLength(2),
    );
  });

  it('shows the needs-login notice to a signed-out visitor without asking the server', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderAt('/?strava_connected=true', null);
    expect(await screen.findByText(/Please log in to complete the setup\./)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after a return the server could not complete: the Connection Error, and a link to connect again', async () => {
    answer({ stravaConnected: false });
    renderAt('/?strava_error=unavailable', USER);
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to save Strava connection. Please try again.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Connect Strava Again' })).toHaveAttribute('href', '/jane/fitness');
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
  });

  it('when the connection was started without a session: the notice and a link to sign in', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderAt('/?strava_error=sign_in_required', null);
    expect(
      await screen.findByText('Error: You need to be signed in to connect Strava. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?redirect=/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the failure notice for strava_error', async () => {
    renderAt('/?strava_error=access_denied', null);
    expect(await screen.findByText('Error: Strava access was not granted. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
  });
});
