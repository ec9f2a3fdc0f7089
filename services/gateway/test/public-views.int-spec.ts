// Issue 13 item 4: public views carry no userId or other internal field a visitor has no use for.
// A signed-out visitor reads every public route of a published page whose runner has connected
// Strava, has runs, a Stripe customer and challenges: no body may hold the runner's user id,
// e-mail, Stripe ids, Strava athlete id or (sealed) tokens.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { approveStravaAuthorization, emulatorCalls, eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { apiClient, newSlug, pageBody } from './support/api-client.js';
import { forgetStravaLinks, grantAccess, signUp } from './support/stack-users.js';

jest.setTimeout(120_000);

describe('public views of a runner page carry nothing internal', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let db: pg.Client;
  const { call } = apiClient(() => stack.url);

  /** Connects Strava through the real OAuth round trip, with an emulator athlete who has runs. */
  async function connectStrava(cookie: string, slug: string): Promise<void> {
    const strava = stack.env.STRAVA_BASE_URL;
    const athlete = await emulatorCalls(() => strava)('POST', '/_emulator/athletes', { activities: 3 });
    const athleteId = (athlete as { athlete: { id: number } }).athlete.id;
    let start!: Response;
    await eventually(async () => {
      start = await fetch(`${stack.url}/api/strava/auth?profileSlug=${slug}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      // Until fitness hears of the new page by event, the start lands on the landing page's notice.
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toMatch(/^https?:/);
    });
    const nonce = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('rp_strava_oauth='))!
      .split(';')[0]!;
    const authorize = new URL(start.headers.get('location')!);
    const back = await approveStravaAuthorization(strava, authorize, athleteId);
    const done = await fetch(`${stack.url}${back.pathname}${back.search}`, {
      redirect: 'manual',
      headers: { cookie: `${cookie}; ${nonce}` },
    });
    expect(done.headers.get('location')).toBe(`/${slug}/fitness?strava_connected=true`);
  }

  beforeAll(async () => {
    stack = await startGatewayStack();
    nc = await connect({ servers: process.env.NATS_URL });
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    await forgetStravaLinks();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await forgetStravaLinks();
    await db?.end();
    await nc?.close();
    await stack?.stop();
  });

  it('a signed-out visitor never sees the runner’s user id, e-mail, Stripe ids or Strava ids and tokens', async () => {
    const runner = await signUp(stack.url);
    const me = await call('GET', '/api/auth/me', { cookie: runner.cookie });
    const email = me.body.user.email as string;
    expect(email).toMatch(/@example\.com$/);
    const created = await call('POST', '/api/runner-profile', {
      cookie: runner.cookie,
      body: pageBody({
        urlSlug: newSlug('public-view'),
        challenges: [{ amount: 25, description: 'Run in a cape', isExclusive: false }],
      }),
    });
    expect(created.status).toBe(201);
    const page = created.body.profile as { id: string; urlSlug: string; fundraisingChallenges: { id: string }[] };

    await connectStrava(runner.cookie, page.urlSlug);
    const setup = await call('POST', '/api/fitness/strava/complete-setup', {
      cookie: runner.cookie,
      body: { userId: runner.id, trainingStartDate: '2020-01-01', publicDisplayConsent: true },
    });
    expect(setup.status).toBe(200);
    const sync = await call('POST', '/api/strava/sync', { cookie: runner.cookie, body: { userId: runner.id } });
    expect(sync.status).toBe(200);
    const manualRun = await call('POST', '/api/activities', {
      cookie: runner.cookie,
      body: { name: 'Lunch run', date: '2024-05-01', distanceKm: 5, durationSeconds: 1800 },
    });
    expect(manualRun.status).toBe(201);

    // Billing's record of the runner's Stripe customer and subscription, then access: published.
    const stripeCustomer = `cus_pv${Date.now()}`;
    const stripeSubscription = `sub_pv${Date.now()}`;
    await db.query(
      `INSERT INTO billing.subscriptions (user_id, status, stripe_customer_id, stripe_subscription_id)
       VALUES ($1, 'trialing', $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET stripe_customer_id = $2, stripe_subscription_id = $3`,
      [runner.id, stripeCustomer, stripeSubscription],
    );
    await grantAccess(nc, runner.id);
    await eventually(async () => expect((await call('GET', `/api/runner-profile/${page.urlSlug}`)).status).toBe(200), {
      timeoutMs: 15_000,
    });

    const connection = await db.query<{ athlete_id: string; access_token: string; refresh_token: string }>(
      'SELECT athlete_id, access_token, refresh_token FROM fitness.strava_connections WHERE user_id = $1',
      [runner.id],
    );
    expect(connection.rowCount).toBe(1);
    const { athlete_id, access_token, refresh_token } = connection.rows[0]!;
    const secrets: Record<string, string> = {
      userId: runner.id,
      email,
      stripeCustomer,
      stripeSubscription,
      stravaAthleteId: `"${athlete_id}"`,
      stravaAthleteIdNumber: `:${athlete_id}`,
      stravaAccessToken: access_token,
      stravaRefreshToken: refresh_token,
    };

    // Every public read, as a visitor's browser makes them.
    const reads = [
      `/api/runner-profile/${page.urlSlug}`,
      `/${page.urlSlug}`,
      `/${page.urlSlug}/fitness`,
      `/api/activities?profileId=${page.id}&limit=200&type=run`,
      `/api/activities?userId=${runner.id}`,
      `/api/training-stats/${page.id}`,
      `/api/fitness-profile/${page.id}`,
      `/api/runner-profile/${page.id}/donations`,
    ];
    const answers: { path: string; status: number; text: string }[] = [];
    for (const path of reads) answers.push({ path, ...(await call('GET', path)) });
    const claim = await call('POST', `/api/fundraising-challenges/${page.fundraisingChallenges[0]!.id}/claims`, {
      body: { name: 'A supporter' },
    });
    answers.push({ path: 'claim', ...claim });

    for (const { path, text } of answers) {
      for (const [what, secret] of Object.entries(secrets)) {
        expect([path, what, text.includes(secret)]).toEqual([path, what, false]);
      }
      expect([path, /"userId"/.test(text)]).toEqual([path, false]);
    }
    expect(answers.map(({ path, status }) => [path, status])).toEqual(
      answers.map(({ path }) => [path, path === 'claim' ? 201 : 200]),
    );
    // The visitor's public history really holds the runs: the page's run history works without a userId.
    const history = answers.find((a) => a.path.includes('profileId='))!;
    expect((JSON.parse(history.text) as unknown[]).length).toBeGreaterThanOrEqual(1);

    // The owner still gets what the dashboard needs.
    const own = await call('GET', `/api/runner-profile/${page.urlSlug}`, { cookie: runner.cookie });
    expect(own.body.profile).toMatchObject({ isOwner: true, userId: runner.id });
  });

  it('answers 404 for a profileId of no page, and 400 for one that is no id', async () => {
    expect((await call('GET', '/api/activities?profileId=6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f')).status).toBe(404);
    expect((await call('GET', '/api/activities?profileId=nope')).status).toBe(400);
  });
});
