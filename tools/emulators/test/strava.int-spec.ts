import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startStravaEmulator, type StravaEmulator } from '../src/index.js';
import { postJson, startReceiver, type Receiver } from './helpers.js';

const CLIENT_ID = 'int-client';
const CLIENT_SECRET = 'int-secret';
const CALLBACK = 'http://localhost:3000/api/strava/callback';

interface TokenResponse {
  token_type: string;
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  athlete?: { id: number; firstname: string; lastname: string };
}

interface SeededAthlete extends TokenResponse {
  athlete: { id: number; firstname: string; lastname: string };
  scope: string;
}

describe('Strava emulator over plain HTTP', () => {
  let emulator: StravaEmulator;

  beforeAll(async () => {
    emulator = await startStravaEmulator({
      port: 0,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      defaultAthleteActivities: 20,
      pushRetryDelaysMs: [],
    });
  });

  afterAll(() => emulator.close());

  beforeEach(async () => {
    await postJson(`${emulator.url}/_emulator/reset`, {});
    await postJson(
      `${emulator.url}/_emulator/rate-limits`,
      {
        overall_short: 200,
        overall_daily: 2000,
        read_short: 100,
        read_daily: 1000,
        short_window_ms: 900_000,
        reset_usage: true,
      },
      'PUT',
    );
  });

  const token = (body: Record<string, string>, json = false) =>
    fetch(`${emulator.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
      body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    });

  const api = (path: string, accessToken: string) =>
    fetch(`${emulator.url}/api/v3${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });

  const seedAthlete = async (activities: number, extra: Record<string, unknown> = {}) =>
    (await postJson<SeededAthlete>(`${emulator.url}/_emulator/athletes`, { activities, ...extra })).body;

  describe('OAuth', () => {
    const authorizeUrl = (state: string) =>
      `${emulator.url}/oauth/authorize?${new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: CALLBACK,
        response_type: 'code',
        approval_prompt: 'auto',
        scope: 'activity:read_all',
        state,
      })}`;

    it('authorize page → approve → code → token exchange with the athlete', async () => {
      const page = await fetch(authorizeUrl('st-1'));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('>Authorize</button>');
      expect(html).not.toContain('<script');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");

      const approve = await fetch(`${emulator.url}/oauth/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: CLIENT_ID,
          redirect_uri: CALLBACK,
          state: 'st-1',
          requested_scope: 'read,activity:read_all',
          scope: 'activity:read_all',
        }).toString(),
      });
      expect(approve.status).toBe(302);
      const location = new URL(approve.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
      expect(location.searchParams.get('state')).toBe('st-1');
      expect(location.searchParams.get('scope')).toBe('read,activity:read_all');
      const code = location.searchParams.get('code')!;
      expect(code).toMatch(/^[0-9a-f]{40}$/);

      const exchanged = await token({
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        code,
        grant_type: 'authorization_code',
      });
      expect(exchanged.status).toBe(200);
      const body = (await exchanged.json()) as TokenResponse;
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 21_600 });
      expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 21_000);
      expect(body.athlete).toMatchObject({
        id: emulator.state.defaultAthleteId,
        firstname: expect.any(String),
        lastname: expect.any(String),
      });

      const reused = await token({
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        code,
        grant_type: 'authorization_code',
      });
      expect(reused.status).toBe(400);
      expect(await reused.json()).toEqual({
        message: 'Bad Request',
        errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
      });
    });

    it('cancel links back with error=access_denied and the state', async () => {
      const html = await (await fetch(authorizeUrl('st-2'))).text();
      const href = /href="([^"]*error=access_denied[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&');
      const denied = new URL(href);
      expect(denied.searchParams.get('state')).toBe('st-2');
      expect(denied.searchParams.get('error')).toBe('access_denied');
    });

    it('grants only read when the athlete unticks activity access', async () => {
      const approve = await fetch(`${emulator.url}/oauth/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: CLIENT_ID,
          redirect_uri: CALLBACK,
          state: 's',
          requested_scope: 'read,activity:read_all',
        }).toString(),
      });
      const location = new URL(approve.headers.get('location')!);
      expect(location.searchParams.get('scope')).toBe('read');
      const tokens = (await (
        await token({
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          code: location.searchParams.get('code')!,
          grant_type: 'authorization_code',
        })
      ).json()) as TokenResponse;
      const activities = await api('/athlete/activities', tokens.access_token);
      expect(activities.status).toBe(401);
      expect(await activities.json()).toEqual({
        message: 'Authorization Error',
        errors: [{ resource: 'AccessToken', field: 'activity:read_permission', code: 'missing' }],
      });
    });

    it('checks client credentials', async () => {
      const wrongSecret = await token({
        client_id: CLIENT_ID,
        client_secret: 'nope',
        code: 'x',
        grant_type: 'authorization_code',
      });
      expect(wrongSecret.status).toBe(401);
      const wrongClient = await token({
        client_id: 'other',
        client_secret: CLIENT_SECRET,
        code: 'x',
        grant_type: 'authorization_code',
      });
      expect(wrongClient.status).toBe(400);
      expect(
        (await fetch(`${emulator.url}/oauth/authorize?client_id=other&redirect_uri=${CALLBACK}&response_type=code`))
          .status,
      ).toBe(400);
    });

    it('rotates refresh tokens (JSON body) and refuses the old one and a revoked one', async () => {
      const seeded = await seedAthlete(3);
      const refreshed = await token(
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          grant_type: 'refresh_token',
          refresh_token: seeded.refresh_token,
        },
        true,
      );
      expect(refreshed.status).toBe(200);
      const next = (await refreshed.json()) as TokenResponse;
      expect(next.refresh_token).not.toBe(seeded.refresh_token);
      expect(next.access_token).not.toBe(seeded.access_token);
      expect((await api('/athlete/activities', next.access_token)).status).toBe(200);

      const old = await token({
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: seeded.refresh_token,
      });
      expect(old.status).toBe(400);
      expect(await old.json()).toEqual({
        message: 'Bad Request',
        errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
      });

      expect(
        (await postJson(`${emulator.url}/_emulator/tokens/revoke`, { refresh_token: next.refresh_token })).status,
      ).toBe(200);
      const revoked = await token({
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: next.refresh_token,
      });
      expect(revoked.status).toBe(400);
      expect(await revoked.json()).toEqual({
        message: 'Bad Request',
        errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
      });
    });

    it('deauthorize revokes the tokens', async () => {
      const seeded = await seedAthlete(1);
      const res = await fetch(`${emulator.url}/oauth/deauthorize`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `access_token=${seeded.access_token}`,
      });
      expect(res.status).toBe(200);
      expect((await api('/athlete', seeded.access_token)).status).toBe(401);
    });
  });

  describe('activities', () => {
    it('pages newest first with before, after, page and per_page, with the fields used and no map', async () => {
      const seeded = await seedAthlete(45, { end_at: '2026-11-01T00:00:00Z', seed: 9 });
      const all = (await (await api('/athlete/activities?per_page=200', seeded.access_token)).json()) as Array<
        Record<string, unknown>
      >;
      expect(all).toHaveLength(45);
      const starts = all.map((a) => Date.parse(a.start_date as string));
      expect(starts).toEqual([...starts].sort((a, b) => b - a));
      for (const field of [
        'id',
        'name',
        'distance',
        'moving_time',
        'elapsed_time',
        'total_elevation_gain',
        'average_speed',
        'sport_type',
        'type',
        'start_date',
        'start_date_local',
        'timezone',
      ]) {
        expect(all[0]).toHaveProperty(field);
      }
      expect(all.some((a) => 'map' in a)).toBe(false);

      const page2 = (await (await api('/athlete/activities?page=2&per_page=20', seeded.access_token)).json()) as Array<{
        id: number;
      }>;
      expect(page2.map((a) => a.id)).toEqual(all.slice(20, 40).map((a) => a.id));
      const page3 = (await (
        await api('/athlete/activities?page=3&per_page=20', seeded.access_token)
      ).json()) as unknown[];
      expect(page3).toHaveLength(5);

      const pivot = Math.floor(starts[10]! / 1000);
      const before = (await (
        await api(`/athlete/activities?before=${pivot}&per_page=200`, seeded.access_token)
      ).json()) as Array<{ id: number }>;
      expect(before.map((a) => a.id)).toEqual(all.slice(11).map((a) => a.id));
      const after = (await (
        await api(`/athlete/activities?after=${pivot}&per_page=200`, seeded.access_token)
      ).json()) as Array<{ id: number }>;
      expect(after.map((a) => a.id)).toEqual(all.slice(0, 10).map((a) => a.id));

      const one = await api(`/activities/${all[0]!.id}`, seeded.access_token);
      expect(one.status).toBe(200);
      expect(await one.json()).toMatchObject({ id: all[0]!.id, resource_state: 3 });
    });

    it('caps per_page at 200 and keeps other athletes’ activities private', async () => {
      const big = await seedAthlete(230);
      expect(
        ((await (await api('/athlete/activities?per_page=500', big.access_token)).json()) as unknown[]).length,
      ).toBe(200);
      const other = await seedAthlete(1);
      const theirs = (await (await api('/athlete/activities', other.access_token)).json()) as Array<{ id: number }>;
      const res = await api(`/activities/${theirs[0]!.id}`, big.access_token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        message: 'Record Not Found',
        errors: [{ resource: 'Activity', field: 'id', code: 'not found' }],
      });
    });

    it('answers 401 with Strava’s body for a bad or expired token', async () => {
      const bad = await api('/athlete/activities', 'not-a-token');
      expect(bad.status).toBe(401);
      expect(await bad.json()).toEqual({
        message: 'Authorization Error',
        errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
      });
      const seeded = await seedAthlete(2);
      await postJson(`${emulator.url}/_emulator/tokens/expire`, { access_token: seeded.access_token });
      const expired = await api('/athlete/activities', seeded.access_token);
      expect(expired.status).toBe(401);
      expect(expired.headers.get('x-ratelimit-usage')).toMatch(/^\d+,\d+$/);
    });
  });

  describe('rate limits', () => {
    it('sends the four headers on every API response and 429s past the read limit, counting them', async () => {
      await postJson(
        `${emulator.url}/_emulator/rate-limits`,
        { read_short: 3, overall_short: 10, reset_usage: true },
        'PUT',
      );
      const seeded = await seedAthlete(2);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 5; i++) {
        last = await api('/athlete/activities', seeded.access_token);
        statuses.push(last.status);
        expect(last.headers.get('x-ratelimit-limit')).toBe('10,2000');
        expect(last.headers.get('x-readratelimit-limit')).toBe('3,1000');
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last!.headers.get('x-ratelimit-usage')).toBe('5,5');
      expect(last!.headers.get('x-readratelimit-usage')).toBe('5,5');
      expect(await last!.json()).toEqual({
        message: 'Rate Limit Exceeded',
        errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
      });

      const stats = (await (await fetch(`${emulator.url}/_emulator/stats`)).json()) as {
        rate_limited: number;
        requests: number;
      };
      expect(stats).toMatchObject({ rate_limited: 2, requests: 5 });
    });

    it('opens again in the next (scaled-down) window', async () => {
      await postJson(
        `${emulator.url}/_emulator/rate-limits`,
        { overall_short: 2, short_window_ms: 400, reset_usage: true },
        'PUT',
      );
      const seeded = await seedAthlete(1);
      // Start right after a window boundary so the three calls share one window.
      await new Promise((resolve) => setTimeout(resolve, 400 - (Date.now() % 400) + 5));
      const first = [
        await api('/athlete', seeded.access_token),
        await api('/athlete', seeded.access_token),
        await api('/athlete', seeded.access_token),
      ];
      expect(first.map((r) => r.status)).toEqual([200, 200, 429]);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await api('/athlete', seeded.access_token)).status).toBe(200);
    });
  });

  describe('webhooks', () => {
    let receiver: Receiver;
    const VERIFY = 'verify-me';

    beforeEach(async () => {
      receiver = await startReceiver((req) => {
        const url = new URL(req.url, 'http://x');
        if (req.method === 'GET') {
          return url.searchParams.get('hub.verify_token') === VERIFY
            ? { status: 200, body: JSON.stringify({ 'hub.challenge': url.searchParams.get('hub.challenge') }) }
            : { status: 403 };
        }
        return { status: 200 };
      });
    });

    afterAll(async () => {
      await receiver?.close();
    });

    const subscribe = (verifyToken = VERIFY, callback = `${receiver.url}/api/webhooks/strava`) =>
      fetch(`${emulator.url}/api/v3/push_subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          callback_url: callback,
          verify_token: verifyToken,
        }).toString(),
      });

    it('validates the callback, lists the subscription and refuses a second one', async () => {
      const created = await subscribe();
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const validation = new URL(receiver.requests[0]!.url, 'http://x');
      expect(receiver.requests[0]!.method).toBe('GET');
      expect(validation.searchParams.get('hub.mode')).toBe('subscribe');
      expect(validation.searchParams.get('hub.verify_token')).toBe(VERIFY);
      expect(validation.searchParams.get('hub.challenge')).toBeTruthy();

      const list = await fetch(
        `${emulator.url}/api/v3/push_subscriptions?client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}`,
      );
      expect(await list.json()).toEqual([
        expect.objectContaining({ id, callback_url: `${receiver.url}/api/webhooks/strava` }),
      ]);
      expect((await subscribe()).status).toBe(400);
      await receiver.close();
    });

    it('refuses a callback that does not echo the challenge', async () => {
      const refused = await subscribe('wrong-token');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: 'Bad Request',
        errors: [{ resource: 'PushSubscription', field: 'callback url' }],
      });
      await receiver.close();
    });

    it('pushes create, update and delete of activities and the deauthorization', async () => {
      const { id: subscriptionId } = (await (await subscribe()).json()) as { id: number };
      const seeded = await seedAthlete(0);
      const athleteId = seeded.athlete.id;

      const created = await postJson<{ activity: { id: number } }>(
        `${emulator.url}/_emulator/athletes/${athleteId}/activities`,
        { name: 'Parkrun', distance: 5000, moving_time: 1500 },
      );
      expect(created.status).toBe(201);
      const activityId = created.body.activity.id;
      expect(
        ((await (await api(`/activities/${activityId}`, seeded.access_token)).json()) as { name: string }).name,
      ).toBe('Parkrun');
      await postJson(`${emulator.url}/_emulator/activities/${activityId}`, { name: 'Parkrun PB' }, 'PATCH');
      await fetch(`${emulator.url}/_emulator/activities/${activityId}`, { method: 'DELETE' });
      await postJson(`${emulator.url}/_emulator/athletes/${athleteId}/deauthorize`, {});

      const posts = (await receiver.waitFor(5))
        .filter((r) => r.method === 'POST')
        .map((r) => JSON.parse(r.body) as Record<string, unknown>);
      expect(posts).toEqual([
        expect.objectContaining({
          object_type: 'activity',
          object_id: activityId,
          aspect_type: 'create',
          owner_id: athleteId,
          subscription_id: subscriptionId,
          updates: {},
        }),
        expect.objectContaining({
          object_type: 'activity',
          object_id: activityId,
          aspect_type: 'update',
          updates: { title: 'Parkrun PB' },
        }),
        expect.objectContaining({ object_type: 'activity', object_id: activityId, aspect_type: 'delete' }),
        expect.objectContaining({
          object_type: 'athlete',
          object_id: athleteId,
          aspect_type: 'update',
          updates: { authorized: 'false' },
        }),
      ]);
      expect(typeof posts[0]!.event_time).toBe('number');
      expect((await api('/athlete', seeded.access_token)).status).toBe(401);
      await receiver.close();
    });
  });
});
