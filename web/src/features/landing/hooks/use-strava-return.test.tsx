import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { planStravaReturn, useStravaReturn } from './use-strava-return';

const USER = '7d4b1c5e-4c39-4a57-9f3e-0e7a3c9a1b22';
const complete =
  'strava_connected=true&strava_access_token=a&strava_refresh_token=r&strava_athlete_id=42&strava_expires_at=1800000000';

describe('planStravaReturn', () => {
  it('saves a complete return for a signed-in user, with the expiry as ISO', () => {
    expect(planStravaReturn(new URLSearchParams(complete), USER)).toEqual({
      save: {
        userId: USER,
        stravaAccessToken: 'a',
        stravaRefreshToken: 'r',
        stravaAthleteId: '42',
        stravaTokenExpiresAt: new Date(1_800_000_000_000).toISOString(),
      },
    });
  });

  it('asks to log in when nobody is signed in or anything is missing', () => {
    const needsLogin = {
      notice: expect.objectContaining({ description: expect.stringContaining('Please log in to complete the setup.') }),
    };
    expect(planStravaReturn(new URLSearchParams(complete), null)).toEqual(needsLogin);
    expect(planStravaReturn(new URLSearchParams('strava_connected=true'), USER)).toEqual(needsLogin);
  });

  it('shows the error value in a destructive notice', () => {
    expect(planStravaReturn(new URLSearchParams('strava_error=access_denied'), USER)).toEqual({
      notice: {
        title: 'Strava Connection Failed',
        description: 'Error: access_denied Please try again.',
        variant: 'destructive',
      },
    });
  });
});

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

  it('saves the connection, says so, and clears only the strava parameters', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"success":true}', { status: 200 }));
    renderAt(`/?${complete}&ref=mail`, USER);
    expect(await screen.findByText('Your Strava account has been connected successfully!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/fitness/strava/connect', expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?ref=mail'));
  });

  it('shows Connection Error when saving fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    );
    renderAt(`/?${complete}`, USER);
    expect(await screen.findByText('Failed to save Strava connection. Please try again.')).toBeInTheDocument();
  });

  it('shows the failure notice for strava_error', async () => {
    renderAt('/?strava_error=access_denied', null);
    expect(await screen.findByText('Error: access_denied Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
  });
});
