import type { ProfileView } from '@runpledge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sampleProfileView } from '../testing/sample-profile';
import { RunnerPage } from './runner-page';

const signedInUser = sampleUser({ email: 'someone@example.com' });

function pageRoutes(profile: ProfileView, { signedIn = false } = {}) {
  // Signed in as the app remembers it: the saved user, confirmed by the server.
  if (signedIn) localStorage.setItem('runpledge:user', JSON.stringify(signedInUser));
  return {
    'GET /api/auth/me': signedIn
      ? jsonResponse(200, { user: signedInUser })
      : jsonResponse(401, undefined, 'Unauthorized'),
    'GET /api/subscription/check': jsonResponse(200, {
      status: 'trialing',
      hasAccess: true,
      lifetimeAccess: false,
      trialEndsAt: null,
      currentPeriodEnd: null,
    }),
    [`GET /api/runner-profile/${profile.urlSlug}`]: jsonResponse(200, { profile }),
    [`GET /api/training-stats/${profile.id}`]: jsonResponse(200, {
      hasTrainingData: true,
      totalMiles: 123.4,
      averagePace: '8:45 /mi',
      trainingStartDate: null,
      runCount: 3,
      includesStravaData: true,
      weeklyMiles: [],
    }),
    [`GET /api/activities?profileId=${profile.id}&limit=200&type=run`]: jsonResponse(200, []),
    [`GET /api/runner-profile/${profile.id}/donations?page=1`]: jsonResponse(200, {
      donations: [
        {
          name: '<b>Alex</b>',
          amount: '50.00',
          currency: 'GBP',
          message: 'Go!',
          donatedAt: '2026-03-02T10:00:00.000Z',
        },
        { name: null, amount: null, currency: 'GBP', message: null, donatedAt: '2026-03-01T10:00:00.000Z' },
      ],
      page: 1,
      totalPages: 1,
    }),
    [`GET /api/runner-profile/${profile.id}/encouragements`]: jsonResponse(200, [
      {
        id: 'e1',
        runnerProfileId: profile.id,
        senderName: 'Sam',
        message: 'You have got this!',
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ]),
  };
}

function renderPage(profile: ProfileView, options: { signedIn?: boolean } = {}) {
  const { calls } = mockApi(pageRoutes(profile, options));
  renderWithProviders(<RunnerPage slug={profile.urlSlug} />, { path: `/${profile.urlSlug}` });
  return calls;
}

describe('RunnerPage', () => {
  // The owner's tools are lazy chunks; loading them once up front keeps the tests' waits short.
  beforeAll(() => Promise.all([import('./owner-challenges'), import('./sync-button'), import('./owner-totals')]));
  afterEach(() => localStorage.clear());

  it('shows a visitor every section, with Donate Now going to the donation link', async () => {
    renderPage(sampleProfileView());

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByText(/Running the/)).toHaveTextContent('Running the Chicago Marathon');
    expect(screen.getByRole('timer')).toHaveTextContent(/Days/);
    for (const title of [
      'My Story',
      'Fundraising Progress',
      'Training History',
      'Share & Support',
      'Every Mile Matters',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('progressbar', { name: 'Fundraising progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('7 donors')).toBeInTheDocument();
    const donate = screen.getAllByRole('link', { name: 'Donate Now' });
    expect(donate[0]).toHaveAttribute('href', 'https://www.justgiving.com/fundraising/jane-runs');
    expect(await screen.findByTestId('stat-Miles Trained')).toHaveTextContent('123.4');
    expect(screen.getByTestId('stat-Goal Time')).toHaveTextContent('3h 45m');
    expect(screen.getByTestId('stat-Average Pace')).toHaveTextContent('8:45 /mi');
    expect(await screen.findByText(/No training runs yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to edit' })).toHaveAttribute('href', '/login?redirect=/jane-runs');
  });

  it('shows the donor wall newest first, anonymous and hidden amounts as such, names as text', async () => {
    renderPage(sampleProfileView());

    const wall = await screen.findByTestId('donor-wall');
    expect(within(wall).getByText('<b>Alex</b>')).toBeInTheDocument();
    expect(within(wall).getByText('£50')).toBeInTheDocument();
    expect(within(wall).getByText('Anonymous')).toBeInTheDocument();
    expect(within(wall).getAllByRole('listitem')).toHaveLength(2);
  });

  it('claims a challenge with a name, then offers the donation with its amount preset', async () => {
    const profile = sampleProfileView();
    const challenge = profile.fundraisingChallenges[0]!;
    // Read again after the claim, the page shows the challenge taken.
    let claimed = false;
    const afterClaim = {
      ...profile,
      fundraisingChallenges: [{ ...challenge, claimedBy: 'Alex', claimCount: 1 }, profile.fundraisingChallenges[1]!],
    };
    const { calls, fetchMock } = mockApi({
      ...pageRoutes(profile),
      [`GET /api/runner-profile/${profile.urlSlug}`]: () =>
        jsonResponse(200, { profile: claimed ? afterClaim : profile }),
      [`POST /api/fundraising-challenges/${challenge.id}/claims`]: () => {
        claimed = true;
        return jsonResponse(201, {
          claim: { id: '9d2f4c1e-3333-4c1e-9a57-3f1d2c4b5a63', name: 'Alex', createdAt: '2026-03-01T10:00:00.000Z' },
          donationUrl: 'https://www.justgiving.com/fundraising/jane-runs?amount=250.00',
        });
      },
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />, { path: `/${profile.urlSlug}` });

    const choose = await screen.findAllByRole('button', { name: /^Choose This Challenge/ });
    expect(choose).toHaveLength(2);
    fireEvent.click(choose[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Choose This Challenge' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose and donate' }));
    expect(await within(dialog).findByText('Please enter your name')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Your name'), { target: { value: ' Alex ' } });
    fireEvent.change(within(dialog).getByLabelText('Message (optional)'), { target: { value: 'Go Jane!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose and donate' }));

    const donate = await screen.findByRole('link', { name: /Donate \$250/ });
    expect(donate).toHaveAttribute('href', 'https://www.justgiving.com/fundraising/jane-runs?amount=250.00');
    expect(donate).toHaveAttribute('target', '_blank');
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/claims'));
    expect(sent?.body).toEqual({ name: 'Alex', message: 'Go Jane!' });
    // A retried claim is the same claim: the POST carries an Idempotency-Key.
    const claimInit = fetchMock.mock.calls.find(
      ([path, init]) => String(path).endsWith('/claims') && init?.method === 'POST',
    )?.[1];
    expect(new Headers(claimInit?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    // The page behind the dialog follows, and the way on to donate stays open.
    expect(await screen.findByText('Claimed by Alex')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Donate \$250/ })).toBeInTheDocument();
  }, 15_000); // a long journey: room for a busy machine

  it('shows who claimed an exclusive challenge instead of its button, and how many chose a multiple one', async () => {
    const base = sampleProfileView();
    const [exclusive, multiple] = base.fundraisingChallenges;
    renderPage({
      ...base,
      fundraisingChallenges: [
        { ...exclusive!, claimedBy: 'Alex', claimCount: 1 },
        { ...multiple!, claimCount: 3 },
      ],
    });

    expect(await screen.findByText('Claimed by Alex')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Choose This Challenge/ })).toHaveLength(1);
    expect(screen.getByText('3 supporters have chosen this')).toBeInTheDocument();
  });

  it('shows no owner controls to a signed-in user who does not own the page', async () => {
    const calls = renderPage(sampleProfileView({ isOwner: false }), { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit story' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Challenge' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit challenge/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reorder challenge/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Training Data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Messages from Supporters' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/encouragements'))).toBe(false);
  });

  it('gives the owner the story editor, challenge tools, sync, Training Data and messages', async () => {
    renderPage(sampleProfileView({ isOwner: true }), { signedIn: true });

    expect(await screen.findByRole('button', { name: 'Edit story' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add Challenge' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Reorder challenge/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sync' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Training Data' })).toHaveAttribute('href', '/jane-runs/fitness');
    expect(await screen.findByText('You have got this!')).toBeInTheDocument();
  });

  it('refuses an empty story with the spec message and sends nothing', async () => {
    const calls = renderPage(sampleProfileView({ isOwner: true }), { signedIn: true });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit story' }));
    fireEvent.change(await screen.findByLabelText('Your story'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save story' }));

    const story = screen.getByLabelText('Your story');
    expect(story).toHaveAccessibleDescription('Story cannot be empty');
    expect(story).toHaveFocus();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the story and says so', async () => {
    const profile = sampleProfileView({ isOwner: true });
    const { calls } = mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      [`PUT /api/runner-profile/${profile.id}`]: (body) =>
        jsonResponse(200, { profile: { ...profile, description: (body as { description: string }).description } }),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit story' }));
    fireEvent.change(await screen.findByLabelText('Your story'), { target: { value: 'A new chapter.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save story' }));

    expect(await screen.findByText('Your story has been updated')).toBeInTheDocument();
    expect(screen.getByText('A new chapter.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ description: 'A new chapter.' });
  });

  it('says when the story could not be saved', async () => {
    const profile = sampleProfileView({ isOwner: true });
    mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      [`PUT /api/runner-profile/${profile.id}`]: jsonResponse(500, undefined, 'Internal Server Error'),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit story' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save story' }));

    expect(await screen.findByText('Failed to update story')).toBeInTheDocument();
  });

  it('asks for every challenge field before saving', async () => {
    const calls = renderPage(sampleProfileView({ isOwner: true }), { signedIn: true });

    fireEvent.click(await screen.findByRole('button', { name: 'Add Challenge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Challenge' });
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add challenge' }));

    const description = within(dialog).getByLabelText('Description');
    expect(description).toHaveAccessibleDescription('Please fill in all fields');
    expect(description).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a challenge and says so', async () => {
    const profile = sampleProfileView({ isOwner: true });
    const { calls } = mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      'POST /api/fundraising-challenges': (body) =>
        jsonResponse(201, { challenge: { id: 'new', position: 2, ...(body as object) } }),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Add Challenge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Challenge' });
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '40.5' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Arm writing' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add challenge' }));

    expect(await screen.findByText('Challenge added successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      runnerProfileId: profile.id,
      amount: 40.5,
      description: 'Arm writing',
      isExclusive: true,
    });
  });

  it('asks the owner to reconnect Strava when a sync finds the token revoked', async () => {
    const profile = sampleProfileView({ isOwner: true });
    mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      'POST /api/strava/sync': jsonResponse(
        409,
        { error: 'Strava access was revoked', needsReconnect: true },
        'Conflict',
      ),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));

    expect(await screen.findByText('Reconnection Required')).toBeInTheDocument();
    expect(screen.getByText('Strava access was revoked')).toBeInTheDocument();
  });

  it("shows Sync Failed with the server's reason when it gives one", async () => {
    const profile = sampleProfileView({ isOwner: true });
    mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      'POST /api/strava/sync': jsonResponse(
        502,
        {
          statusCode: 502,
          error: 'Bad Gateway',
          message: 'Strava is not answering. Please try again in a few minutes.',
        },
        'Bad Gateway',
      ),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));

    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText('Strava is not answering. Please try again in a few minutes.')).toBeInTheDocument();
  });

  it("shows Sync Failed with the spec's words when the server gives no reason", async () => {
    const profile = sampleProfileView({ isOwner: true });
    mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      'POST /api/strava/sync': jsonResponse(
        500,
        { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
        'Internal Server Error',
      ),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));

    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Unable to sync activities. Please try again or reconnect Strava if the issue persists.'),
    ).toBeInTheDocument();
  });

  it('offers the owner Connect Strava, not Sync, before Strava is connected', async () => {
    const profile = sampleProfileView({ isOwner: true });
    mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      [`GET /api/fitness-profile/${profile.id}`]: jsonResponse(200, {
        stravaConnected: false,
        trainingStartDate: null,
        needsReconnect: false,
        lastSyncedAt: null,
        publicDisplayConsent: false,
      }),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    expect(await screen.findByRole('link', { name: 'Connect Strava' })).toHaveAttribute(
      'href',
      `/${profile.urlSlug}/fitness`,
    );
    expect(screen.queryByRole('button', { name: 'Sync' })).not.toBeInTheDocument();
  });

  it('points the owner to the training start date instead of Sync before it is set', async () => {
    const profile = sampleProfileView({ isOwner: true });
    mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      [`GET /api/fitness-profile/${profile.id}`]: jsonResponse(200, {
        stravaConnected: true,
        trainingStartDate: null,
        needsReconnect: false,
        lastSyncedAt: '2026-11-20T10:00:00.000Z',
        publicDisplayConsent: true,
      }),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    expect(await screen.findByRole('link', { name: 'Set training start date' })).toHaveAttribute(
      'href',
      `/${profile.urlSlug}/fitness`,
    );
    expect(screen.queryByRole('button', { name: 'Sync' })).not.toBeInTheDocument();
  });

  it('tells the server’s "start date first" answer instead of Activities Synced', async () => {
    const profile = sampleProfileView({ isOwner: true });
    mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      'POST /api/strava/sync': jsonResponse(
        409,
        { statusCode: 409, message: 'Set your training start date first: your runs are synced from that day.' },
        'Conflict',
      ),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));

    expect(await screen.findByText('Training start date needed')).toBeInTheDocument();
    expect(screen.queryByText('Activities Synced')).not.toBeInTheDocument();
  });

  it('reports a synced result', async () => {
    const profile = sampleProfileView({ isOwner: true });
    const { calls } = mockApi({
      ...pageRoutes(profile, { signedIn: true }),
      'POST /api/strava/sync': jsonResponse(200, { message: 'Synced 3 activities', synced: 3 }),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));

    expect(await screen.findByText('Activities Synced')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/strava/sync')?.body).toEqual({ userId: profile.userId });
  });

  it('lists runs in miles with their Strava link, says where each run came from, and credits Strava', async () => {
    const profile = sampleProfileView();
    mockApi({
      ...pageRoutes(profile),
      [`GET /api/activities?profileId=${profile.id}&limit=200&type=run`]: jsonResponse(200, [
        {
          id: '7a1b2c3d-0000-4000-8000-000000000001',
          name: 'Lakefront long run',
          source: 'strava',
          sportType: 'Run',
          distanceMeters: 16093.4,
          durationSeconds: 5400,
          averagePaceSecondsPerKm: 335.5,
          elevationGainMeters: 40,
          startDate: '2026-11-15T07:00:00.000Z',
          externalUrl: 'https://www.strava.com/activities/123',
        },
        {
          id: '7a1b2c3d-0000-4000-8000-000000000002',
          name: 'Track session',
          source: 'upload',
          sportType: 'Run',
          distanceMeters: 8046.7,
          durationSeconds: 2400,
          averagePaceSecondsPerKm: 298.3,
          elevationGainMeters: 0,
          startDate: '2026-11-12T07:00:00.000Z',
          externalUrl: null,
        },
        {
          id: '7a1b2c3d-0000-4000-8000-000000000003',
          name: 'Run',
          source: 'manual',
          sportType: 'Run',
          distanceMeters: 5000,
          durationSeconds: 1500,
          averagePaceSecondsPerKm: 300,
          elevationGainMeters: 0,
          startDate: '2026-11-10T12:00:00.000Z',
          externalUrl: null,
        },
      ]),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    const runs = await screen.findByRole('list', { name: 'Runs' });
    expect(runs).toHaveTextContent('Lakefront long run');
    const rows = within(runs).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('via Strava');
    expect(rows[1]).toHaveTextContent('uploaded file');
    expect(rows[2]).toHaveTextContent('entered by hand');
    expect(runs).toHaveTextContent('10.00 mi · 1:30:00 · 9:00 /mi');
    expect(within(runs).getByRole('link', { name: 'View on Strava' })).toHaveAttribute(
      'href',
      'https://www.strava.com/activities/123',
    );
    expect(screen.getAllByText('Powered by Strava').length).toBeGreaterThan(0);
  });

  it('shows Runner Not Found and Profile Not Found for an unknown slug', async () => {
    mockApi({
      'GET /api/auth/me': jsonResponse(401),
      'GET /api/runner-profile/nobody': jsonResponse(404, { message: 'Runner profile not found' }, 'Not Found'),
    });
    renderWithProviders(<RunnerPage slug="nobody" />);

    expect(await screen.findByRole('heading', { name: 'Runner Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Profile Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("shows a published page's pledges in the page's unit, loaded after the page", async () => {
    const profile = sampleProfileView({ distanceUnit: 'km' });
    mockApi({
      ...pageRoutes(profile),
      [`GET /api/runner-profile/${profile.id}/pledges`]: jsonResponse(200, {
        summary: {
          count: 2,
          ratePerUnitTotal: 3,
          unit: 'km',
          distanceCounted: 40,
          sources: { strava: 40, manual: 0, upload: 0 },
          earned: 120,
          paid: 0,
          currency: 'USD',
          totals: [{ currency: 'USD', count: 2, ratePerUnitTotal: 3, earned: 120, paid: 0 }],
        },
        pledges: [
          {
            name: 'Ann',
            ratePerUnit: 2,
            cap: null,
            counts: 'training',
            earned: 80,
            status: 'active',
            unit: 'km',
            currency: 'USD',
          },
          {
            name: 'Ben',
            ratePerUnit: 1,
            cap: null,
            counts: 'training',
            earned: 40,
            status: 'active',
            unit: 'km',
            currency: 'USD',
          },
        ],
        page: 1,
        totalPages: 1,
      }),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />, { path: `/${profile.urlSlug}` });

    const section = await screen.findByRole('region', { name: 'Pledges per km' });
    expect(await within(section).findByTestId('pledge-summary')).toHaveTextContent(
      '2 supporters pledge $3 per km: $120 so far at 40 km',
    );
    expect(within(section).getByRole('button', { name: 'Pledge per km' })).toBeInTheDocument();
  });

  it('takes no pledges on a page that is not published', async () => {
    const calls = renderPage(sampleProfileView({ published: false, isOwner: true }), { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Pledges per/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/pledges'))).toBe(false);
  });

  it('shows the owner of an unpublished page the page with a link to payment', async () => {
    renderPage(sampleProfileView({ published: false, isOwner: true }), { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByText(/Your page isn't live yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/payment');
  });

  it('shows TBD for the stats when training data is missing', async () => {
    const profile = sampleProfileView({ goalHours: 0, goalMinutes: 0 });
    mockApi({
      ...pageRoutes(profile),
      [`GET /api/training-stats/${profile.id}`]: jsonResponse(404, undefined, 'Not Found'),
      [`GET /api/activities?profileId=${profile.id}&limit=200&type=run`]: jsonResponse(503),
    });
    renderWithProviders(<RunnerPage slug={profile.urlSlug} />);

    await waitFor(() => expect(screen.getByTestId('stat-Miles Trained')).toHaveTextContent('TBD'));
    expect(screen.getByTestId('stat-Goal Time')).toHaveTextContent('TBD');
    expect(screen.getByTestId('stat-Average Pace')).toHaveTextContent('TBD');
    expect(await screen.findByText(/Training history isn't available right now/)).toBeInTheDocument();
  });
});
