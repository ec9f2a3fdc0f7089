import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast-provider';
import { planStravaReturn, useStravaReturn } from './use-strava-return';

const USER = '7d4b1c5e-4c39-4a57-9f3e-0e7a3c9a1b22';
const withTokens =
  'strava_connected=true&strava_access_token=a&strava_refresh_token=r&strava_athlete_id=42&strava_expires_at=1800000000';

describe('planStravaReturn', () => {
  it('says connected to a signed-in user (the server stored the tokens)', () => {
    expect(planStravaReturn(new URLSearchParams('strava_connected=true'), USER)).toEqual({
      notice: expect.objectContaining({ description: 'Your Strava account has been connected successfully!' }),
    });
  });

  it('asks to log in when nobody is signed in', () => {
    expect(planStravaReturn(new URLSearchParams('strava_connected=true'), null)).toEqual({
      notice: expect.objectContaining({ description: expect.stringContaining('Please log in to complete the setup.') }),
    });
  });

  it('shows the error in words in a destructive notice, an unknown one as it came', () => {
    expect(planStravaReturn(new URLSearchParams('strava_error=wrong_browser'), USER)).toEqual({
      notice: {
        title: 'Strava Connection Failed',
        description: 'Error: This Strava connection was started in another browser. Please try again.',
        variant: 'destructive',
      },
    });
    expect(planStravaReturn(new URLSearchParams('strava_error=odd'), USER)?.notice.description).toBe(
      'Error: odd Please try again.',
    );
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

  it('never sends tokens from the address bar anywhere, and clears only the strava parameters', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderAt(`/?${withTokens}&ref=mail`, USER);
    expect(await screen.findByText('Your Strava account has been connected successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?ref=mail'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the failure notice for strava_error', async () => {
    renderAt('/?strava_error=access_denied', null);
    expect(await screen.findByText('Error: Strava access was not granted. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
  });
});
