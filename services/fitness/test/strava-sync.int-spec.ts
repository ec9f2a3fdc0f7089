import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FITNESS,
  type Activity,
  type FitnessProfile,
  type StravaSyncReply,
  type TrainingStats,
} from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { approveStravaAuthorization, eventually } from '../../../scripts/jest/helpers.mjs';
// Types only: the service's modules read their configuration when loaded, after the harness sets it.
import type { StravaTokensService } from '../src/strava-connections/strava-tokens.service.js';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

describe('Strava connection and sync on the real PostgreSQL, Redis and NATS with the Strava emulator', () => {
  let h: FitnessHarness;

  beforeAll(async () => {
    h = await startFitnessHarness({
      limits: { readShort: 5000, overallShort: 5000, readDaily: 50_000, overallDaily: 50_000 },
    });
    await h.startWorker();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const syncNow = (userId: string) => h.rpc<StravaSyncReply>(FITNESS.strava.sync, { userId });
  const sealedTokens = async (userId: string) =>
    (
      await h.db.query(
        'SELECT access_token, refresh_token, needs_reconnect FROM fitness.strava_connections WHERE user_id = $1',
        [userId],
      )
    ).rows[0];

  it('runs the OAuth flow for the page owner only and stores the tokens encrypted, never in the redirect', async () => {
    const runner = await h.newRunner();
    const other = await h.newRunner();
    const nonce = 'the-browser-nonce-from-its-cookie';
    const refused = await h.rpcError(FITNESS.strava.authorizeUrl, {
      userId: other.userId,
      profileSlug: runner.urlSlug,
      nonce,
    });
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN' });

    const { url } = await h.rpc<{ url: string }>(FITNESS.strava.authorizeUrl, {
      userId: runner.userId,
      profileSlug: runner.urlSlug,
      nonce,
    });
    const authorize = new URL(url);
    expect(authorize.searchParams.get('scope')).toBe('activity:read_all');
    const seeded = await h.seedAthlete(3);
    // What the emulator's authorize page posts when the athlete approves.
    const back = await approveStravaAuthorization(h.emulator.url, authorize, seeded.athlete.id);
    expect(back.pathname).toBe('/api/strava/callback');
    // The gateway adds the signed-in user and the browser's nonce cookie.
    const { redirectTo } = await h.rpc<{ redirectTo: string }>(FITNESS.strava.completeAuthorization, {
      ...Object.fromEntries(back.searchParams),
      userId: runner.userId,
      nonce,
    });
    expect(redirectTo).toBe(`/${runner.urlSlug}/fitness?strava_connected=true`);

    const stored = await sealedTokens(runner.userId);
    expect(stored.access_token).toMatch(/^v1\./);
    expect(stored.refresh_token).toMatch(/^v1\./);
    const profile = await h.rpc<FitnessProfile>(FITNESS.fitnessProfile.get, { profileId: runner.profileId });
    expect(profile).toMatchObject({ stravaConnected: true, trainingStartDate: null, needsReconnect: false });
  });

  it('sends a runner who denied access back to the landing page, and refuses a forged state', async () => {
    const denied = await h.rpc<{ redirectTo: string }>(FITNESS.strava.completeAuthorization, {
      error: 'access_denied',
      state: 'x',
    });
    expect(denied.redirectTo).toBe('/?strava_error=access_denied');
    const forged = await h.rpcError(FITNESS.strava.completeAuthorization, {
      code: 'abc',
      state: 'forged.state',
      scope: 'activity:read_all',
    });
    expect(forged).toMatchObject({ status: 400 });
  });

  it('refuses tokens Strava does not accept on connect', async () => {
    const runner = await h.newRunner();
    const err = await h.rpcError(FITNESS.strava.connect, {
      userId: runner.userId,
      stravaAccessToken: 'made-up',
      stravaRefreshToken: 'made-up',
      stravaAthleteId: '42',
      stravaTokenExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(err).toMatchObject({ status: 400, message: 'Strava did not accept these tokens. Please connect again.' });
  });

  it('refuses Sync before the training start date is set, saying so, instead of "Activities Synced"', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(2);
    await h.connect(runner.userId, seeded);
    expect(await h.rpcError(FITNESS.strava.sync, { userId: runner.userId })).toMatchObject({
      status: 409,
      message: 'Set your training start date first: your runs are synced from that day.',
    });
    expect(await h.countActivities(runner.userId)).toBe(0);
  });

  it('backfills every page of activities from the training start date, then syncs only what is new', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(450);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(450), { timeoutMs: 20_000 });
    // The rows land before the backfill job ends; a sync asked for meanwhile would join that job.
    await eventually(async () => {
      const { rows } = await h.db.query('SELECT last_synced_at FROM fitness.strava_connections WHERE user_id = $1', [
        runner.userId,
      ]);
      expect(rows[0]?.last_synced_at).toBeTruthy();
    });

    // Nothing new. On a busy machine the backfill's job may still be winding down, and a sync that
    // joins it can be told it is still running; asked again, the answer is exact.
    await eventually(
      async () => expect(await syncNow(runner.userId)).toEqual({ message: 'Activities Synced', synced: 0 }),
      {
        timeoutMs: 60_000,
        intervalMs: 500,
      },
    );

    await h.emulatorCall('POST', `/_emulator/athletes/${seeded.athlete.id}/activities?push=false`, {
      name: 'Tempo run',
      sport_type: 'Run',
      distance: 8000,
      moving_time: 2400,
    });
    expect(await syncNow(runner.userId)).toEqual({ message: 'Activities Synced', synced: 1 });
    expect(await h.countActivities(runner.userId)).toBe(451);

    const history = await h.rpc<Activity[]>(FITNESS.activities.list, {
      userId: runner.userId,
      limit: 200,
      type: 'run',
    });
    expect(history.length).toBeGreaterThan(0);
    expect(history.length).toBeLessThanOrEqual(200);
    expect(history[0]).toMatchObject({
      name: 'Tempo run',
      source: 'strava',
      distanceMeters: 8000,
      durationSeconds: 2400,
      averagePaceSecondsPerKm: 300,
    });
    expect(history[0]!.externalUrl).toMatch(/^https:\/\/www\.strava\.com\/activities\/\d+$/);
    const dates = history.map((a) => a.startDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    // A visitor's stats leave out the runs Strava keeps private (a few of the generated ones).
    const { rows } = await h.db.query(
      `SELECT coalesce(sum(distance_meters), 0)::float8 AS m, count(*)::int AS n FROM fitness.activities
       WHERE user_id = $1 AND sport_type IN ('Run', 'TrailRun', 'VirtualRun') AND visible_to_all`,
      [runner.userId],
    );
    const stats = await h.rpc<TrainingStats>(FITNESS.trainingStats.get, { profileId: runner.profileId });
    expect(stats).toMatchObject({
      hasTrainingData: true,
      runCount: rows[0].n,
      includesStravaData: true,
      trainingStartDate: '2000-01-01',
    });
    expect(stats.totalMiles).toBeCloseTo(rows[0].m * 0.000621371, 1);
    expect(stats.averagePace).toMatch(/^\d+:\d{2} \/mi$/);
    expect(stats.weeklyMiles).toHaveLength(12);
  }, 120_000);

  it('applies webhook events: a created activity is read from Strava, a deleted one removed; unknown athletes are ignored', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(2);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(2));

    const { activity } = await h.emulatorCall<{ activity: { id: number } }>(
      'POST',
      `/_emulator/athletes/${seeded.athlete.id}/activities?push=false`,
      {
        name: 'Webhook run',
        sport_type: 'Run',
        distance: 5000,
        moving_time: 1500,
      },
    );
    const event = {
      object_type: 'activity',
      object_id: activity.id,
      aspect_type: 'create',
      owner_id: seeded.athlete.id,
      subscription_id: h.webhookSubscriptionId,
      event_time: Math.floor(Date.now() / 1000),
      updates: {},
    };
    expect(await h.rpc(FITNESS.strava.webhookEvent, event)).toEqual({ received: true });
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(3));

    await h.emulatorCall('DELETE', `/_emulator/activities/${activity.id}?push=false`);
    await h.rpc(FITNESS.strava.webhookEvent, { ...event, aspect_type: 'delete', event_time: event.event_time + 1 });
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(2));

    expect(await h.rpc(FITNESS.strava.webhookEvent, { ...event, owner_id: 987654321 })).toEqual({ received: true });
  });

  it('forgets tokens and Strava activities on a deauthorization event, keeping hand-entered runs', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(4);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(4));
    await h.rpc(FITNESS.activities.create, {
      userId: runner.userId,
      date: '2026-01-10',
      distanceKm: 5,
      durationSeconds: 1500,
    });

    await h.emulatorCall('POST', `/_emulator/athletes/${seeded.athlete.id}/deauthorize`);
    await h.rpc(FITNESS.strava.webhookEvent, {
      object_type: 'athlete',
      object_id: seeded.athlete.id,
      aspect_type: 'update',
      owner_id: seeded.athlete.id,
      updates: { authorized: 'false' },
      subscription_id: h.webhookSubscriptionId,
      event_time: Math.floor(Date.now() / 1000),
    });
    await eventually(async () => expect(await sealedTokens(runner.userId)).toBeUndefined());
    expect(await h.countActivities(runner.userId)).toBe(0);
    expect(await h.countActivities(runner.userId, 'manual')).toBe(1);
    expect(await h.rpc(FITNESS.fitnessProfile.get, { profileId: runner.profileId })).toMatchObject({
      stravaConnected: false,
    });
  });

  it('refreshes an expired access token and keeps the newest refresh token Strava returns', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(1);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(1));
    const before = await sealedTokens(runner.userId);

    await h.emulatorCall('POST', '/_emulator/tokens/expire', { access_token: seeded.access_token });
    expect(await syncNow(runner.userId)).toEqual({ message: 'Activities Synced', synced: 0 });
    const after = await sealedTokens(runner.userId);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.needs_reconnect).toBe(false);
    // The first refresh token is spent: Strava rotated it.
    await expect(
      h.emulatorCall('POST', '/oauth/token', {
        client_id: 'local-client',
        client_secret: 'local-secret',
        grant_type: 'refresh_token',
        refresh_token: seeded.refresh_token,
      }),
    ).rejects.toThrow(/400/);
    expect(await syncNow(runner.userId)).toEqual({ message: 'Activities Synced', synced: 0 });
  });

  it('refreshes a refused token once when two workers need a new one, at once or one after the other, keeping the newest refresh token', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(1);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(1));
    while (h.workers.length < 2) await h.startWorker();
    const { StravaTokensService: Tokens } = await import('../src/strava-connections/strava-tokens.service.js');
    const { StravaApiError } = await import('../src/strava/strava.errors.js');
    const [one, two] = h.workers.map((w) => w.get(Tokens));
    const refreshes = async () =>
      (await h.emulatorCall<{ token_refreshes: Record<string, number> }>('GET', '/_emulator/stats')).token_refreshes[
        String(seeded.athlete.id)
      ] ?? 0;
    /** Reads the athlete with the worker's token, after `before()` (a slow request, say). */
    const athleteWith = (tokens: StravaTokensService, before: () => Promise<unknown> = async () => undefined) =>
      tokens.withAccessToken(runner.userId, async (token) => {
        await before();
        const res = await fetch(`${h.emulator.url}/api/v3/athlete`, { headers: { authorization: `Bearer ${token}` } });
        if (res.status === 401) throw new StravaApiError('unauthorized', 401, 'refused');
        return ((await res.json()) as { id: number }).id;
      });

    // Strava refuses the token both workers hold: both get a 401 at the same moment.
    await h.emulatorCall('POST', '/_emulator/tokens/expire', { access_token: seeded.access_token });
    expect(await Promise.all([athleteWith(one!), athleteWith(two!)])).toEqual([seeded.athlete.id, seeded.athlete.id]);
    expect(await refreshes()).toBe(1);

    // Again, but the first worker's request with the old token is answered (401) only after the
    // second worker has refreshed and committed: the first then takes the stored token.
    const previous = await one!.accessTokenFor(runner.userId);
    await h.emulatorCall('POST', '/_emulator/tokens/expire', { access_token: previous });
    let secondDone!: () => void;
    const second = new Promise<void>((resolve) => (secondDone = resolve));
    const late = athleteWith(one!, () => second);
    expect(await athleteWith(two!)).toBe(seeded.athlete.id);
    secondDone();
    expect(await late).toBe(seeded.athlete.id);
    expect(await refreshes()).toBe(2);
    const stored = await two!.accessTokenFor(runner.userId);
    expect((await sealedTokens(runner.userId)).needs_reconnect).toBe(false);
    // The stored refresh token is the newest, the one Strava still accepts: a later refresh works.
    await h.emulatorCall('POST', '/_emulator/tokens/expire', { access_token: stored });
    expect(await syncNow(runner.userId)).toEqual({ message: 'Activities Synced', synced: 0 });
    expect(await refreshes()).toBe(3);
    expect((await sealedTokens(runner.userId)).needs_reconnect).toBe(false);
  });

  it('marks needsReconnect when Strava refuses the refresh token, and sync says so', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(1);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(1));

    await h.emulatorCall('POST', '/_emulator/tokens/revoke', { refresh_token: seeded.refresh_token });
    await h.emulatorCall('POST', '/_emulator/tokens/expire', { access_token: seeded.access_token });
    // As above: a sync joining the set-up's job still winding down is told it is still running.
    await eventually(
      async () =>
        expect(await syncNow(runner.userId)).toEqual({
          error: 'Please reconnect your Strava account in the Fitness Integration section.',
          needsReconnect: true,
        }),
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(await h.rpc(FITNESS.fitnessProfile.get, { profileId: runner.profileId })).toMatchObject({
      stravaConnected: true,
      needsReconnect: true,
    });
  });

  it('shows visitors Strava data only with consent, and hand-entered runs always', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(0);
    await h.rpc(FITNESS.strava.connect, {
      userId: runner.userId,
      stravaAccessToken: seeded.access_token,
      stravaRefreshToken: seeded.refresh_token,
      stravaAthleteId: seeded.athlete.id,
      stravaTokenExpiresAt: new Date(seeded.expires_at * 1000).toISOString(),
    });
    await h.rpc(FITNESS.strava.completeSetup, {
      userId: runner.userId,
      trainingStartDate: '2025-01-01',
      publicDisplayConsent: false,
    });
    await h.emulatorCall('POST', `/_emulator/athletes/${seeded.athlete.id}/activities?push=false`, {
      name: 'Private-ish run',
      sport_type: 'Run',
      distance: 3000,
      moving_time: 900,
    });
    await syncNow(runner.userId);
    await h.rpc(FITNESS.activities.create, {
      userId: runner.userId,
      date: '2026-01-10',
      distanceKm: 10,
      durationSeconds: 3000,
      elevationGainMeters: 50,
    });

    const visitor = randomUUID();
    const seen = await h.rpc<Activity[]>(FITNESS.activities.list, {
      userId: runner.userId,
      limit: 10,
      viewerUserId: visitor,
    });
    expect(seen.map((a) => a.source)).toEqual(['manual']);
    const own = await h.rpc<Activity[]>(FITNESS.activities.list, {
      userId: runner.userId,
      limit: 10,
      viewerUserId: runner.userId,
    });
    expect(own.map((a) => a.source).sort()).toEqual(['manual', 'strava']);
    const publicStats = await h.rpc<TrainingStats>(FITNESS.trainingStats.get, { profileId: runner.profileId });
    expect(publicStats).toMatchObject({
      runCount: 1,
      includesStravaData: false,
      totalMiles: 6.2,
      averagePace: '8:03 /mi',
    });

    const unknownRunner = await h.rpcError(FITNESS.activities.list, { userId: randomUUID(), limit: 10 });
    expect(unknownRunner).toMatchObject({ status: 404 });
  });

  it('refuses a training start date after today and setup without a connection', async () => {
    const runner = await h.newRunner();
    const future = await h.rpcError(FITNESS.strava.completeSetup, {
      userId: runner.userId,
      trainingStartDate: '2999-01-01',
    });
    expect(future).toMatchObject({ status: 400, message: 'The training start date cannot be after today' });
    const missing = await h.rpcError(FITNESS.strava.completeSetup, { userId: runner.userId, trainingStartDate: '' });
    expect(missing).toMatchObject({ status: 400, message: 'Please select a training start date' });
    const notConnected = await h.rpcError(FITNESS.strava.completeSetup, {
      userId: runner.userId,
      trainingStartDate: '2026-01-01',
    });
    expect(notConnected).toMatchObject({ status: 404, message: 'Strava is not connected' });
  });

  it('disconnects: deauthorizes at Strava and deletes the tokens and Strava activities', async () => {
    const runner = await h.newRunner();
    const seeded = await h.seedAthlete(3);
    await h.connectAndSetUp(runner.userId, seeded);
    await eventually(async () => expect(await h.countActivities(runner.userId)).toBe(3));
    expect(await h.rpc(FITNESS.strava.disconnect, { userId: runner.userId })).toEqual({ success: true });
    expect(await sealedTokens(runner.userId)).toBeUndefined();
    expect(await h.countActivities(runner.userId)).toBe(0);
    const check = await fetch(`${h.emulator.url}/api/v3/athlete`, {
      headers: { authorization: `Bearer ${seeded.access_token}` },
    });
    expect(check.status).toBe(401);
  });
});
