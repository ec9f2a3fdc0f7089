// Issue 13 item 1: forged Strava webhooks, tried as an attacker would against the whole stack.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { emulatorCalls, eventually, stravaSetupBody } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { forgetStravaLinks, signUp } from './support/stack-users.js';

// Room for a busy shared machine: Strava syncs and webhook jobs are waited for.
jest.setTimeout(90_000);

interface Seeded {
  athlete: { id: number };
  access_token: string;
  refresh_token: string;
  expires_at: number;
}

/** Small, so the flood at the end meets it; the tests before it send fewer events than this. */
const WEBHOOK_BUDGET = 40;

describe('forged Strava webhooks are refused, confirmed with Strava, deduplicated and throttled', () => {
  let stack: Stack;
  let strava: string;
  let subscriptionId: number;

  const post = async (event: unknown) => {
    const started = Date.now();
    const res = await fetch(`${stack.url}/api/webhooks/strava`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after') };
  };
  const stravaCalls = emulatorCalls(() => strava);
  const emulator = <T = unknown>(method: string, path: string, body?: unknown) =>
    stravaCalls(method, path, body) as Promise<T>;
  const stravaRequests = async () => (await emulator<{ requests: number }>('GET', '/_emulator/stats')).requests;
  const activityNames = async (cookie: string) => {
    const res = await fetch(`${stack.url}/api/activities?limit=200`, { headers: { cookie } });
    return ((await res.json()) as { name: string }[]).map((a) => a.name).sort();
  };
  /** 200 while the runner's Strava link works (a sync), 404 once it is forgotten. */
  const connected = async (user: { id: string; cookie: string }) => {
    const res = await fetch(`${stack.url}/api/strava/sync`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id }),
    });
    return res.status;
  };
  /** A runner connected to a new Strava athlete with three activities, all synced. */
  const connectedRunner = async () => {
    const user = await signUp(stack.url);
    const seeded = await emulator<Seeded>('POST', '/_emulator/athletes', { activities: 3 });
    const res = await fetch(`${stack.url}/api/fitness/strava/complete-setup`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(stravaSetupBody(user.id, seeded)),
    });
    expect(res.status).toBe(200);
    await eventually(async () => expect(await activityNames(user.cookie)).toHaveLength(3), { timeoutMs: 20_000 });
    const { data: activities } = await emulator<{ data: { id: number; name: string }[] }>(
      'GET',
      `/_emulator/athletes/${seeded.athlete.id}/activities`,
    );
    return { user, seeded, activities };
  };
  /** Waits until Strava has been asked something since `before`, then a little for the job to finish. */
  const afterStravaWasAsked = async (before: number) => {
    await eventually(async () => expect(await stravaRequests()).toBeGreaterThan(before), { timeoutMs: 15_000 });
    await sleep(1_000);
  };

  beforeAll(async () => {
    stack = await startGatewayStack({ RATE_LIMIT_STRAVA_WEBHOOK_PER_IP: String(WEBHOOK_BUDGET) });
    strava = stack.env.STRAVA_BASE_URL;
    await forgetStravaLinks();
    // The worker subscribes at start; our subscription id is what Strava puts in every event.
    await eventually(
      async () => {
        const stats = await emulator<{ push_subscription: { id: number } | null }>('GET', '/_emulator/stats');
        expect(stats.push_subscription).not.toBeNull();
        subscriptionId = stats.push_subscription!.id;
      },
      { timeoutMs: 30_000 },
    );
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
    await forgetStravaLinks();
  });

  it('ignores events that do not carry our subscription id', async () => {
    const { user, seeded, activities } = await connectedRunner();
    const base = { object_type: 'activity', aspect_type: 'delete', owner_id: seeded.athlete.id, updates: {} };
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      { ...base, object_id: activities[0]!.id, subscription_id: subscriptionId + 1, event_time: now },
      { ...base, object_id: activities[1]!.id, event_time: now },
      {
        object_type: 'athlete',
        object_id: seeded.athlete.id,
        aspect_type: 'update',
        owner_id: seeded.athlete.id,
        subscription_id: subscriptionId + 7,
        updates: { authorized: 'false' },
        event_time: now,
      },
    ];
    const before = await stravaRequests();
    for (const event of forged) {
      const res = await post(event);
      expect(res.ms).toBeLessThan(2_000);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    await sleep(2_000);
    // Not even a look at Strava: refused events cost none of the shared rate budget.
    expect(await stravaRequests()).toBe(before);
    expect(await activityNames(user.cookie)).toHaveLength(3);
    expect(await connected(user)).toBe(200);
  });

  it('acts on an event with our subscription id only once Strava confirms it', async () => {
    const { user, seeded, activities } = await connectedRunner();
    const now = Math.floor(Date.now() / 1000);
    const event = { owner_id: seeded.athlete.id, subscription_id: subscriptionId, updates: {}, event_time: now };

    // The activity still exists on Strava: the delete is a lie and nothing goes.
    let before = await stravaRequests();
    const del = await post({ ...event, object_type: 'activity', object_id: activities[0]!.id, aspect_type: 'delete' });
    expect(del).toMatchObject({ status: 200 });
    expect(del.ms).toBeLessThan(2_000);
    await afterStravaWasAsked(before);
    expect(await activityNames(user.cookie)).toHaveLength(3);

    // The athlete's token still works: the deauthorization is a lie and the connection stays.
    before = await stravaRequests();
    const deauth = await post({
      ...event,
      object_type: 'athlete',
      object_id: seeded.athlete.id,
      aspect_type: 'update',
      updates: { authorized: 'false' },
    });
    expect(deauth).toMatchObject({ status: 200 });
    expect(deauth.ms).toBeLessThan(2_000);
    await afterStravaWasAsked(before);
    expect(await activityNames(user.cookie)).toHaveLength(3);
    expect(await connected(user)).toBe(200);

    // A real delete (the activity answers 404 for its owner) still removes it.
    await emulator('DELETE', `/_emulator/activities/${activities[0]!.id}?push=false`);
    await post({ ...event, object_type: 'activity', object_id: activities[0]!.id, aspect_type: 'delete' });
    await eventually(async () => expect(await activityNames(user.cookie)).toHaveLength(2));
  });

  it('makes a replay with a new event_time cost nothing', async () => {
    const { user, seeded } = await connectedRunner();
    const { activity } = await emulator<{ activity: { id: number } }>(
      'POST',
      `/_emulator/athletes/${seeded.athlete.id}/activities?push=false`,
      { name: 'Replayed run', sport_type: 'Run', distance: 5000, moving_time: 1500 },
    );
    const event = {
      object_type: 'activity',
      object_id: activity.id,
      aspect_type: 'create',
      owner_id: seeded.athlete.id,
      subscription_id: subscriptionId,
      updates: {},
    };
    const before = await stravaRequests();
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 10; i += 1) {
      const res = await post({ ...event, event_time: now + i });
      expect(res).toMatchObject({ status: 200 });
      expect(res.ms).toBeLessThan(2_000);
    }
    await eventually(async () => expect(await activityNames(user.cookie)).toContain('Replayed run'));
    await sleep(3_000);
    // One read of the activity for ten deliveries (the page list above is one more request).
    expect((await stravaRequests()) - before).toBeLessThanOrEqual(2);
  });

  it('throttles a flood of posts with 429 and Retry-After, still answering fast', async () => {
    const event = {
      object_type: 'activity',
      object_id: 1,
      aspect_type: 'create',
      owner_id: 1,
      subscription_id: subscriptionId,
      updates: {},
      event_time: Math.floor(Date.now() / 1000),
    };
    const results = [];
    for (let i = 0; i < WEBHOOK_BUDGET + 5; i += 1) results.push(await post({ ...event, object_id: 1000 + i }));
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.retryAfter)).toBeGreaterThan(0);
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(2_000);
  });
});
