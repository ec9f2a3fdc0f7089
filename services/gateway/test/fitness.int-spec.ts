import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { emulatorCalls, eventually, stravaSetupBody } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { forgetStravaLinks } from './support/stack-users.js';

describe('the Fitness calls of API.md through the gateway, with the Strava emulator', () => {
  let stack: Stack;
  let strava: string;

  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      redirect: 'manual',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, location: res.headers.get('location') };
  };
  const emulator = emulatorCalls(() => strava);
  const signUp = async () => {
    const res = await fetch(`${stack.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `runner-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    const { user } = (await res.json()) as { user: { id: string } };
    return { id: user.id, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
  };
  const connect = async (user: { id: string; cookie: string }) => {
    const seeded = await emulator('POST', '/_emulator/athletes', { activities: 3 });
    const res = await call('POST', '/api/fitness/strava/complete-setup', stravaSetupBody(user.id, seeded), user.cookie);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    return seeded;
  };
  const ownActivities = async (cookie: string) =>
    (await call('GET', '/api/activities?limit=200', undefined, cookie)).body as { name: string }[];

  beforeAll(async () => {
    // The stack's own Redis keys (startStack): no other file's webhook-subscription job or Strava budget.
    stack = await startGatewayStack();
    strava = stack.env.STRAVA_BASE_URL;
    // Every stack's emulator numbers its athletes from the same id: a link another file of this
    // worker left to that id would make this runner's connection "already connected" (409).
    await forgetStravaLinks();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
  });

  it('connects, backfills and syncs for the caller; another user can neither sync nor disconnect them', async () => {
    const runner = await signUp();
    const other = await signUp();
    await connect(runner);
    await eventually(async () => expect(await ownActivities(runner.cookie)).toHaveLength(3), { timeoutMs: 15_000 });

    expect(await call('POST', '/api/strava/sync', { userId: runner.id }, other.cookie)).toMatchObject({ status: 403 });
    expect(await call('POST', '/api/fitness/strava/connect', { userId: runner.id }, other.cookie)).toMatchObject({
      status: 403,
    });
    // Disconnect acts on the caller whatever the body says: the runner stays connected.
    expect(await call('POST', '/api/strava/disconnect', { userId: runner.id }, other.cookie)).toMatchObject({
      status: 200,
    });
    expect(await call('POST', '/api/strava/sync', { userId: runner.id }, runner.cookie)).toEqual({
      status: 200,
      body: { message: 'Activities Synced', synced: 0 },
      location: null,
    });
    expect(await call('POST', '/api/strava/sync', {})).toMatchObject({ status: 401 });
  });

  it('subscribes to Strava webhooks (validated through the gateway) and applies pushed events', async () => {
    expect(
      await call('GET', '/api/webhooks/strava?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=wrong'),
    ).toMatchObject({ status: 403 });
    // The worker subscribed at start; Strava validated the callback through the gateway first.
    await eventually(
      async () =>
        expect((await emulator('GET', '/_emulator/stats')).push_subscription?.callback_url).toBe(
          `${stack.env.PUBLIC_URL}/api/webhooks/strava`,
        ),
      { timeoutMs: 20_000 },
    );

    const runner = await signUp();
    const seeded = await connect(runner);
    await eventually(async () => expect(await ownActivities(runner.cookie)).toHaveLength(3), { timeoutMs: 15_000 });
    const added = await emulator('POST', `/_emulator/athletes/${seeded.athlete.id}/activities`, {
      name: 'Pushed run',
      distance: 4000,
      moving_time: 1300,
    });
    expect(added.push).toMatchObject({ ok: true });
    await eventually(async () =>
      expect((await ownActivities(runner.cookie)).map((a) => a.name)).toContain('Pushed run'),
    );
    await emulator('DELETE', `/_emulator/activities/${added.activity.id}`);
    await eventually(async () =>
      expect((await ownActivities(runner.cookie)).map((a) => a.name)).not.toContain('Pushed run'),
    );
  });

  it('answers 409 with needsReconnect when Strava revoked the refresh token', async () => {
    const runner = await signUp();
    const seeded = await connect(runner);
    await eventually(async () => expect(await ownActivities(runner.cookie)).toHaveLength(3), { timeoutMs: 15_000 });
    await emulator('POST', '/_emulator/tokens/revoke', { refresh_token: seeded.refresh_token });
    await emulator('POST', '/_emulator/tokens/expire', { access_token: seeded.access_token });
    // The set-up's backfill job may still be finishing: that answer is "still running" (200, pending),
    // and the runner presses again, as the web app lets them.
    let res!: Awaited<ReturnType<typeof call>>;
    await eventually(
      async () => {
        res = await call('POST', '/api/strava/sync', { userId: runner.id }, runner.cookie);
        expect((res.body as { pending?: boolean } | undefined)?.pending).not.toBe(true);
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      needsReconnect: true,
      error: 'Please reconnect your Strava account in the Fitness Integration section.',
    });
  });

  it('redirects a denied authorization, a bad state and a start without a session to the landing page', async () => {
    expect(await call('GET', '/api/strava/callback?error=access_denied&state=x')).toMatchObject({
      status: 302,
      location: '/?strava_error=access_denied',
    });
    expect(await call('GET', '/api/strava/callback?code=abc&state=forged&scope=activity:read_all')).toMatchObject({
      status: 302,
      location: '/?strava_error=invalid_request',
    });
    expect(await call('GET', '/api/strava/auth?profileSlug=someone')).toMatchObject({
      status: 302,
      location: '/?strava_error=sign_in_required',
    });
  });

  it('refuses bad input with a clear 400', async () => {
    const runner = await signUp();
    expect(
      await call('POST', '/api/fitness/strava/complete-setup', { trainingStartDate: '2999-01-01' }, runner.cookie),
    ).toMatchObject({
      status: 400,
      body: { message: 'The training start date cannot be after today' },
    });
    expect(await call('GET', '/api/activities?limit=500', undefined, runner.cookie)).toMatchObject({ status: 400 });
    expect(await call('GET', '/api/training-stats/not-a-uuid')).toMatchObject({ status: 400 });
    expect(
      await call('POST', '/api/activities', { date: '2026-01-01', distanceKm: -1, durationSeconds: 60 }, runner.cookie),
    ).toMatchObject({
      status: 400,
      body: { message: 'The distance must be more than 0' },
    });
  });
});
