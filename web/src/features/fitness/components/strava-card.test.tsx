import { FITNESS_MESSAGES, type FitnessProfile } from '@runpledge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { StravaCard } from './strava-card';
import { StravaSetupForm } from './strava-setup-form';

const userId = '6f1c1c3e-8a43-4c55-9a39-0c7f3f0a6a11';
const fitness = (overrides: Partial<FitnessProfile> = {}): FitnessProfile => ({
  stravaConnected: true,
  trainingStartDate: '2026-01-05',
  needsReconnect: false,
  lastSyncedAt: null,
  publicDisplayConsent: true,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StravaCard: Sync only when it can sync', () => {
  it('offers Connect, not Sync, to a runner who never connected Strava', () => {
    mockApi({});
    renderWithProviders(<StravaCard slug="jane" userId={userId} fitness={fitness({ stravaConnected: false })} />);
    expect(screen.getByRole('button', { name: 'Connect with Strava' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('before a training start date says so and points to the date field instead of offering Sync', () => {
    mockApi({});
    renderWithProviders(
      <>
        <StravaCard slug="jane" userId={userId} fitness={fitness({ trainingStartDate: null })} />
        <StravaSetupForm userId={userId} initialDate={null} initialConsent={false} onDone={() => {}} />
      </>,
    );
    expect(screen.getByText(FITNESS_MESSAGES.trainingStartDateFirst)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set training start date' }));
    expect(screen.getByLabelText('Training start date')).toHaveFocus();
  });

  it('tells the server’s "start date first" answer as it is, never "Activities Synced"', async () => {
    const api = mockApi({
      'POST /api/strava/sync': jsonResponse(409, {
        statusCode: 409,
        message: FITNESS_MESSAGES.trainingStartDateFirst,
      }),
    });
    // The page was read before the date was cleared elsewhere: the server has the last word.
    renderWithProviders(<StravaCard slug="jane" userId={userId} fitness={fitness()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Training start date needed')).toBeInTheDocument();
    expect(screen.queryByText('Activities Synced')).toBeNull();
    expect(screen.queryByText('Sync Failed')).toBeNull();
    expect(api.called('POST', '/api/strava/sync')).toHaveLength(1);
  });

  it('says Activities Synced with the count when a sync ran', async () => {
    mockApi({ 'POST /api/strava/sync': jsonResponse(200, { message: 'Activities Synced', synced: 2 }) });
    renderWithProviders(<StravaCard slug="jane" userId={userId} fitness={fitness()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Activities Synced')).toBeInTheDocument();
    expect(screen.getByText('2 new activities from Strava.')).toBeInTheDocument();
  });
});

describe('StravaSetupForm dates', () => {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Complete setup' }));

  it('asks for a date, refuses a half-typed one and one after today, with the shared messages', async () => {
    const api = mockApi({});
    renderWithProviders(
      <StravaSetupForm userId={userId} initialDate={null} initialConsent={false} onDone={() => {}} />,
    );
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(FITNESS_MESSAGES.trainingStartDateRequired);

    const input = screen.getByLabelText<HTMLInputElement>('Training start date');
    // What a browser leaves for "2027-02-30" typed into a date input: no value, a bad input.
    Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: true } });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid date.');
    Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: false } });

    fireEvent.change(input, { target: { value: '2999-01-01' } });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(FITNESS_MESSAGES.trainingStartDateInFuture);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends a valid date', async () => {
    const onDone = vi.fn();
    const api = mockApi({ 'POST /api/fitness/strava/complete-setup': jsonResponse(200, { success: true }) });
    renderWithProviders(<StravaSetupForm userId={userId} initialDate={null} initialConsent={false} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Training start date'), { target: { value: '2026-01-05' } });
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.called('POST', '/api/fitness/strava/complete-setup')[0]?.body).toEqual({
      userId,
      trainingStartDate: '2026-01-05',
      publicDisplayConsent: false,
    });
  });
});

describe('StravaCard: Sync Failed', () => {
  it("shows the server's reason where it gives one", async () => {
    mockApi({
      'POST /api/strava/sync': jsonResponse(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Strava is busy right now. Please try again in a few minutes.',
      }),
    });
    renderWithProviders(<StravaCard slug="jane" userId={userId} fitness={fitness()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText('Strava is busy right now. Please try again in a few minutes.')).toBeInTheDocument();
  });

  it("falls back to the spec's words when the server gives no reason", async () => {
    mockApi({
      'POST /api/strava/sync': jsonResponse(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal server error',
      }),
    });
    renderWithProviders(<StravaCard slug="jane" userId={userId} fitness={fitness()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Failed to sync activities from Strava. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).toBeNull();
  });
});
