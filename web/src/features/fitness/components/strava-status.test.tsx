import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { StravaStatus } from './strava-status';

const profileId = '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60';
const fitness = (overrides: Record<string, unknown>) =>
  jsonResponse(200, {
    stravaConnected: false,
    trainingStartDate: null,
    needsReconnect: false,
    lastSyncedAt: null,
    publicDisplayConsent: false,
    ...overrides,
  });

describe('StravaStatus on a dashboard card', () => {
  it('offers to connect Strava when it is not connected', async () => {
    mockApi({ [`GET /api/fitness-profile/${profileId}`]: fitness({}) });
    renderWithProviders(<StravaStatus profileId={profileId} slug="jane" />);

    expect(await screen.findByText(/Strava not connected/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/jane/fitness');
  });

  it('says when Strava needs reconnecting', async () => {
    mockApi({
      [`GET /api/fitness-profile/${profileId}`]: fitness({ stravaConnected: true, needsReconnect: true }),
    });
    renderWithProviders(<StravaStatus profileId={profileId} slug="jane" />);

    expect(await screen.findByText(/Strava needs reconnecting/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconnect' })).toHaveAttribute('href', '/jane/fitness');
  });

  it('shows the last sync of a connected account', async () => {
    const lastSyncedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    mockApi({ [`GET /api/fitness-profile/${profileId}`]: fitness({ stravaConnected: true, lastSyncedAt }) });
    renderWithProviders(<StravaStatus profileId={profileId} slug="jane" />);

    expect(await screen.findByText('Strava connected')).toBeInTheDocument();
    expect(screen.getByText(/last sync 3 h ago/)).toBeInTheDocument();
  });
});
