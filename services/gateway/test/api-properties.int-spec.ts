import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';
import { apiClient, pageBody, type ApiResponse, type Json } from './support/api-client.js';
import { grantAccess } from './support/stack-users.js';

// Property-based: whatever a browser or a client sends to any route of API.md, the answer is never
// a 5xx, and every 4xx is JSON `{statusCode, message}`. `npm test` runs a fixed seed and a bounded
// number of runs; FC_RUNS=5000 (and FC_SEED=…) runs longer. A failure prints its seed and request.
const RUNS = Number(process.env.FC_RUNS ?? 400);
const SEED = Number(process.env.FC_SEED ?? 20_261_124);
const COLLECT = process.env.FC_COLLECT === '1';
jest.setTimeout(Math.max(120_000, RUNS * 1_000));

type Stack = Awaited<ReturnType<typeof startStack>>;

/** Characters that break naive code: NUL, controls, lone surrogates, RTL marks, combining marks, emoji. */
const SPECIAL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
  '\r',
  '\n',
  '\t',
  '\uD800',
  '\uDFFF',
  '\u200F',
  '\u202E',
  '\u0301',
  '\uFEFF',
  '\uFFFF',
  '🏃‍♀️',
  '🇺🇸',
  'é',
  'ß',
  'İ',
  '%',
  '/',
  '\\',
  "'",
  '"',
  '<script>',
  '../',
  ' ',
  '0',
  '-',
  'A',
];
const weirdString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc
    .array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: 'grapheme', maxLength: 3 })), { maxLength: 8 })
    .map((parts) => parts.join('')),
  fc.constantFrom('', ' ', 'x'.repeat(101), 'y'.repeat(501), 'z'.repeat(1001), 'a'.repeat(5000)),
  fc.constantFrom('2027-02-30', '2027-04-31', '0000-01-01', '9999-12-31', '2027-13-01', '2027-1-1', '1970-01-01'),
  fc.constantFrom('1e400', '-0', 'NaN', 'Infinity', '0x10', '10000.001', '12.345', '-5'),
);
/** Numbers at and past every limit of API.md and spec 5, and anything else. */
const edgeNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.01,
    0.001,
    1,
    23,
    24,
    59,
    60,
    100,
    101,
    200,
    201,
    500,
    1000,
    1001,
    9999.99,
    10000,
    10000.01,
    10001,
    12.345,
    10_000_000,
    10_000_000.01,
    100_000_000,
    100_000_001,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    weirdString,
    edgeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(weirdString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A body made from a valid one: each field kept, replaced by anything, or left out; sometimes any JSON at all. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A valid value spoiled: a special character slipped in somewhere (most 5xx hide here). */
function spoiled(value: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...SPECIAL), fc.nat({ max: value.length }))
    .map(([special, at]) => value.slice(0, at) + special + value.slice(at));
}

/** Anything a field may receive, starting from its valid value. */
function variants(value: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constant(value), weight: 3 },
    { arbitrary: typeof value === 'string' ? spoiled(value) : edgeNumber, weight: 3 },
    { arbitrary: anyJson, weight: 2 },
    { arbitrary: weirdString, weight: 2 },
    { arbitrary: edgeNumber, weight: 1 },
  );
}

/** A body made from a valid one: one field changed, or each field kept, changed or left out; sometimes any JSON. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, variants(value)]));
  const keys = Object.keys(valid);
  // One field changed, the others valid: reaches the service's own rules and the database.
  const oneField =
    keys.length === 0
      ? fc.constant(valid)
      : fc
          .constantFrom(...keys)
          .chain((key) => fc.tuple(fc.constant(key), variants(valid[key]), fc.boolean()))
          .map(([key, value, drop]) => {
            const copy: Record<string, unknown> = { ...valid, [key]: value };
            if (drop) delete copy[key];
            return copy;
          });
  return fc.oneof(
    { arbitrary: oneField, weight: 5 },
    { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 3 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: fc.constantFrom('{"a":', 'null', '[]', '"\\u0000"', '{"name":"\\ud800"}', ''), weight: 1 },
  );
}

/** Percent-encodes a string for a URL; lone surrogates become the raw bytes a client could still send. */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}`
        : encodeURIComponent(ch);
  }
  return out;
}

interface Fixture {
  owner: { cookie: string; id: string };
  other: { cookie: string; id: string };
  page: Json;
  challengeId: string;
  activityId: string;
  teamId: string;
  teamSlug: string;
  charityId: string;
  charitySlug: string;
  eventSlug: string;
}

interface Route {
  method: string;
  /** `:name` segments are filled from the fixture or from anything. */
  path: string;
  body?: (f: Fixture, base: string) => Record<string, unknown>;
  query?: (f: Fixture) => Record<string, string>;
  /** Never with the owner's session: it would end the session or remove the fixture. */
  destructive?: boolean;
}

// Every route of API.md and of docs/api.md, including the ones other issues add.
const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    body: () => ({ email: `${randomUUID()}@example.com`, password: 'Secret123' }),
  },
  { method: 'POST', path: '/api/auth/signin', body: () => ({ email: 'nobody@example.com', password: 'Secret123' }) },
  { method: 'POST', path: '/api/auth/signout', destructive: true },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'POST', path: '/api/auth/verify', body: () => ({ token: 'abc', type: 'signup' }) },
  { method: 'POST', path: '/api/auth/password-reset', body: () => ({ email: 'nobody@example.com' }) },
  { method: 'POST', path: '/api/auth/password-reset/confirm', body: () => ({ token: 'abc', password: 'Secret123' }) },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    body: () => ({ currentPassword: 'Wrong1234', newPassword: 'Secret1234' }),
  },
  { method: 'POST', path: '/api/auth/change-email', body: () => ({ email: 'x@example.com', password: 'Wrong1234' }) },
  { method: 'POST', path: '/api/auth/signout-everywhere', destructive: true },
  { method: 'GET', path: '/api/account/export' },
  { method: 'DELETE', path: '/api/account', body: () => ({ password: 'Wrong1234' }) },
  { method: 'POST', path: '/api/runner-profile', body: () => pageBody() },
  { method: 'GET', path: '/api/runner-profile/:slug' },
  {
    method: 'PUT',
    path: '/api/runner-profile/:id',
    body: () => pageBody({ fundraisingGoal: '500.00', fundsRaised: '10', totalDonors: 2 }),
  },
  { method: 'DELETE', path: '/api/runner-profile/:id', destructive: true },
  { method: 'PUT', path: '/api/runner-profile/:id/challenge-order', body: (f) => ({ challengeIds: [f.challengeId] }) },
  { method: 'GET', path: '/api/runner-profile/:id/encouragements' },
  { method: 'POST', path: '/api/runner-profile/:id/totals/refresh' },
  { method: 'GET', path: '/api/runner-profile/:id/donations', query: () => ({ page: '1' }) },
  { method: 'GET', path: '/api/runner-profile/:slug/og-image.png', query: () => ({ v: '1' }) },
  { method: 'GET', path: '/api/og-image.png' },
  { method: 'GET', path: '/api/recent-profiles' },
  { method: 'GET', path: '/api/user/profile-slug', query: (f) => ({ userId: f.owner.id }) },
  { method: 'GET', path: '/api/slug-availability', query: () => ({ slug: 'jane-doe' }) },
  {
    method: 'POST',
    path: '/api/fundraising-challenges',
    body: (f) => ({ runnerProfileId: f.page.id, amount: 25, description: 'Sing', isExclusive: false }),
  },
  {
    method: 'PUT',
    path: '/api/fundraising-challenges/:challengeId',
    body: () => ({ amount: 25, description: 'Sing', isExclusive: true }),
  },
  { method: 'DELETE', path: '/api/fundraising-challenges/:challengeId', destructive: true },
  {
    method: 'POST',
    path: '/api/fundraising-challenges/:challengeId/claims',
    body: () => ({ name: 'Ann', message: 'Go' }),
  },
  { method: 'DELETE', path: '/api/fundraising-challenges/:challengeId/claims/:claimId', destructive: true },
  {
    method: 'POST',
    path: '/api/encouragement',
    body: (f) => ({ runnerProfileId: f.page.id, senderName: 'Ann', message: 'Go!' }),
  },
  { method: 'GET', path: '/api/subscription/check' },
  {
    method: 'POST',
    path: '/api/subscription/create-checkout',
    body: (f, base) => ({
      userId: f.owner.id,
      successUrl: `${base}/payment?success=true`,
      cancelUrl: `${base}/payment`,
      discountCode: 'CODE',
    }),
  },
  { method: 'POST', path: '/api/subscription/reconcile', body: () => ({ sessionId: 'cs_test_123' }) },
  { method: 'POST', path: '/api/subscription/portal', body: (_f, base) => ({ returnUrl: `${base}/dashboard` }) },
  { method: 'GET', path: '/api/subscription/config' },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    body: () => ({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } }),
  },
  { method: 'GET', path: '/api/strava/auth', query: (f) => ({ profileSlug: f.page.urlSlug }) },
  {
    method: 'GET',
    path: '/api/strava/callback',
    query: () => ({ code: 'abc', state: 'xyz', scope: 'read,activity:read_all' }),
  },
  {
    method: 'POST',
    path: '/api/fitness/strava/connect',
    body: (f) => ({
      userId: f.owner.id,
      stravaAccessToken: 'a',
      stravaRefreshToken: 'r',
      stravaAthleteId: '1',
      stravaTokenExpiresAt: '2030-01-01T00:00:00Z',
    }),
  },
  {
    method: 'POST',
    path: '/api/fitness/strava/complete-setup',
    body: (f) => ({ userId: f.owner.id, trainingStartDate: '2025-01-01' }),
  },
  { method: 'POST', path: '/api/strava/sync', body: (f) => ({ userId: f.owner.id }) },
  { method: 'POST', path: '/api/strava/disconnect', body: (f) => ({ userId: f.owner.id }) },
  { method: 'GET', path: '/api/activities', query: (f) => ({ userId: f.owner.id, limit: '10', type: 'run' }) },
  {
    method: 'POST',
    path: '/api/activities',
    body: () => ({ name: 'Run', date: '2025-01-02', distanceKm: 10, durationSeconds: 3600, elevationGainMeters: 10 }),
  },
  { method: 'DELETE', path: '/api/activities/:activityId', destructive: true },
  { method: 'GET', path: '/api/training-stats/:id' },
  { method: 'GET', path: '/api/fitness-profile/:id' },
  {
    method: 'GET',
    path: '/api/webhooks/strava',
    query: () => ({ 'hub.mode': 'subscribe', 'hub.challenge': 'c', 'hub.verify_token': 't' }),
  },
  {
    method: 'POST',
    path: '/api/webhooks/strava',
    body: () => ({
      object_type: 'activity',
      object_id: 1,
      aspect_type: 'create',
      owner_id: 1,
      subscription_id: 1,
      event_time: 1,
    }),
  },
  // Teams.
  {
    method: 'POST',
    path: '/api/teams',
    body: (f) => ({
      slug: 'props-team',
      name: 'Props Team',
      charityName: 'Props Charity',
      marathonName: 'Chicago Marathon',
      marathonDate: '2027-10-10',
      currency: 'USD',
      goalAmount: 1000,
      joinRule: 'open',
      captainProfileId: f.page.id,
    }),
  },
  { method: 'GET', path: '/api/teams/:teamSlug', query: () => ({ by: 'miles', page: '1' }) },
  { method: 'PUT', path: '/api/teams/:teamId', body: () => ({ name: 'Props Team', goalAmount: 2000 }) },
  { method: 'DELETE', path: '/api/teams/:teamId', destructive: true },
  {
    method: 'POST',
    path: '/api/teams/:teamId/members',
    body: (f) => ({ runnerProfileId: f.page.id, inviteCode: 'x' }),
  },
  { method: 'DELETE', path: '/api/teams/:teamId/members/:id', destructive: true },
  { method: 'POST', path: '/api/teams/:teamId/members/:id/approve' },
  { method: 'POST', path: '/api/teams/:teamId/captain', body: (f) => ({ runnerProfileId: f.page.id }) },
  { method: 'GET', path: '/api/teams/:teamId/invite' },
  { method: 'POST', path: '/api/teams/:teamId/invite', destructive: true },
  { method: 'GET', path: '/api/teams/:teamId/members.csv' },
  // Pledges per mile and the mail suppression list.
  {
    method: 'POST',
    path: '/api/runner-profile/:id/pledges',
    body: () => ({ name: 'Pat', email: 'pat@example.com', ratePerUnit: 1.5, cap: 100, counts: 'training' }),
  },
  { method: 'POST', path: '/api/pledges/confirm', body: () => ({ token: 'abc' }) },
  { method: 'GET', path: '/api/runner-profile/:id/pledges', query: () => ({ page: '1' }) },
  { method: 'POST', path: '/api/runner-profile/:id/pledges/close', destructive: true },
  { method: 'POST', path: '/api/pledges/:pledgeId/paid', body: () => ({ token: 'abc' }) },
  { method: 'POST', path: '/api/pledges/:pledgeId/cancel', body: () => ({ token: 'abc' }) },
  { method: 'POST', path: '/api/pledges/:pledgeId/unsubscribe', body: () => ({ token: 'abc' }) },
  { method: 'GET', path: '/api/runner-profile/:id/pledges/manage', query: () => ({ page: '1' }) },
  { method: 'DELETE', path: '/api/runner-profile/:id/pledges/:pledgeId', destructive: true },
  { method: 'POST', path: '/api/mail/suppress', body: () => ({ token: 'abc' }) },
  // Charities.
  {
    method: 'POST',
    path: '/api/charities',
    body: () => ({
      slug: 'props-charity',
      name: 'Props Charity',
      website: 'https://props-charity.example.org',
      country: 'GB',
      mission: 'Running for everyone.',
    }),
  },
  {
    method: 'POST',
    path: '/api/charities/:charityId/verification',
    body: () => ({ email: 'hi@props-charity.example.org' }),
  },
  { method: 'POST', path: '/api/charities/verify', body: () => ({ token: 'abc' }) },
  { method: 'GET', path: '/api/charities', query: () => ({ query: 'props', page: '1' }) },
  { method: 'GET', path: '/api/charities/:charitySlug', query: () => ({ by: 'percent', page: '1' }) },
  { method: 'PUT', path: '/api/charities/:charityId', body: () => ({ name: 'Props Charity', mission: 'Running.' }) },
  { method: 'GET', path: '/api/charities/:charityId/staff' },
  {
    method: 'POST',
    path: '/api/charities/:charityId/staff',
    body: () => ({ email: 'staff@example.com', role: 'staff' }),
  },
  { method: 'DELETE', path: '/api/charities/:charityId/staff/:userId', destructive: true },
  { method: 'POST', path: '/api/charities/invitations/accept', body: () => ({ token: 'abc' }) },
  {
    method: 'GET',
    path: '/api/charities/:charityId/runners',
    query: () => ({ flag: 'behind_pace', sort: 'raised', page: '1' }),
  },
  { method: 'GET', path: '/api/charities/:charityId/runners.csv' },
  {
    method: 'POST',
    path: '/api/charities/:charityId/messages',
    body: (f) => ({ subject: 'Hello', body: 'Keep going!', runnerProfileIds: [f.page.id] }),
  },
  { method: 'GET', path: '/api/charities/:charityId/sponsorship' },
  { method: 'POST', path: '/api/charities/:charityId/sponsorship/checkout', body: () => ({ seats: 2 }) },
  { method: 'POST', path: '/api/charities/:charityId/sponsorship/portal', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/charities/:charityId/sponsorship/seats',
    body: (f) => ({ runnerProfileId: f.page.id }),
  },
  { method: 'DELETE', path: '/api/charities/:charityId/sponsorship/seats/:id', destructive: true },
  // Events and race day.
  {
    method: 'GET',
    path: '/api/events',
    query: () => ({ query: 'chicago', from: '2027-01-01', to: '2027-12-31', page: '1' }),
  },
  { method: 'GET', path: '/api/events/:eventSlug', query: () => ({ by: 'raised', page: '1' }) },
  {
    method: 'PUT',
    path: '/api/runner-profile/:id/race-result',
    body: () => ({ status: 'finished', finishSeconds: 4 * 3600 }),
  },
  {
    method: 'POST',
    path: '/api/runner-profile/:id/followers',
    body: () => ({ name: 'Fran', email: 'fran@example.com' }),
  },
  { method: 'POST', path: '/api/followers/confirm', body: () => ({ token: 'abc' }) },
  { method: 'POST', path: '/api/runner-profile/:id/thank-you', body: () => ({ message: 'Thank you all!' }) },
  { method: 'GET', path: '/api/health/live' },
  { method: 'GET', path: '/api/health/ready' },
  { method: 'GET', path: '/api/openapi.json' },
  { method: 'GET', path: '/api/docs' },
  // The web app's own addresses: the runner page's HTML (with share tags) and its fitness page.
  { method: 'GET', path: '/:slug' },
  { method: 'GET', path: '/:slug/fitness' },
  { method: 'GET', path: '/teams/:teamSlug' },
  { method: 'GET', path: '/charities/:charitySlug' },
  { method: 'GET', path: '/events/:eventSlug' },
];

function fixtureValue(name: string, f: Fixture): string {
  switch (name) {
    case 'slug':
      return f.page.urlSlug;
    case 'id':
      return f.page.id;
    case 'challengeId':
      return f.challengeId;
    case 'activityId':
      return f.activityId;
    case 'teamId':
      return f.teamId;
    case 'teamSlug':
      return f.teamSlug;
    case 'charityId':
      return f.charityId;
    case 'charitySlug':
      return f.charitySlug;
    case 'eventSlug':
      return f.eventSlug;
    default:
      return randomUUID();
  }
}

const RAW_SEGMENTS = [
  '%00',
  '%ED%A0%80',
  '%FF',
  '%',
  '%2F',
  '..',
  '.',
  'JOSE-NUNEZ',
  'a%0Ab',
  '%E2%80%8F',
  'login',
  'api',
];

function requestFor(route: Route, f: Fixture, base: string) {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const segment = (name: string) =>
    fc.oneof(
      { arbitrary: fc.constant(route.destructive ? randomUUID() : encode(fixtureValue(name, f))), weight: 5 },
      { arbitrary: fc.uuid().map(encode), weight: 1 },
      { arbitrary: weirdString.filter((s) => s.length > 0).map(encode), weight: 2 },
      { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
    );
  const validQuery = route.query?.(f) ?? {};
  // Mostly the route's own parameters (valid, spoiled or odd), so bodies get past the query.
  const query = fc.oneof(
    {
      arbitrary: fc.record(
        Object.fromEntries(Object.entries(validQuery).map(([k, v]) => [k, variants(v).map(asText)])),
        { requiredKeys: [] },
      ),
      weight: 4,
    },
    { arbitrary: fc.dictionary(weirdString, weirdString, { maxKeys: 3 }), weight: 1 },
  );
  const body =
    route.method === 'GET'
      ? fc.constant(undefined)
      : route.body
        ? mutated(route.body(f, base))
        : fc.option(anyJson, { nil: undefined, freq: 3 });
  const who = route.destructive
    ? fc.constantFrom<'nobody' | 'other'>('nobody', 'other')
    : fc.constantFrom<'nobody' | 'owner' | 'other'>('nobody', 'owner', 'other');
  return fc
    .record({
      segments: fc.tuple(...names.map(segment)),
      query,
      body,
      who,
      trailingSlash: fc.boolean(),
    })
    .map(({ segments, query: q, body: b, who: w, trailingSlash }) => {
      let i = 0;
      let path = route.path.replace(/:(\w+)/g, () => segments[i++]!);
      if (trailingSlash) path += '/';
      const search = Object.entries(q)
        .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
        .join('&');
      return { method: route.method, path: search ? `${path}?${search}` : path, body: b, who: w };
    });
}

describe('every route of API.md against arbitrary input (property-based)', () => {
  let stack: Stack;
  const api = apiClient(() => stack.url);
  let fixture: Fixture;

  beforeAll(async () => {
    // FC_STACK_URL: a stack already running (with the rate limits lifted), to iterate quickly.
    const external = process.env.FC_STACK_URL;
    stack = external
      ? ({
          url: external,
          env: { PUBLIC_URL: external.replace('127.0.0.1', 'localhost') },
          stop: async () => {},
        } as unknown as Stack)
      : await startStack({
          env: {
            ...process.env,
            RATE_LIMIT_PUBLIC_WRITES_PER_IP: '1000000',
            RPC_TIMEOUT_MS: '20000',
            RATE_LIMIT_SIGNUP_PER_IP: '1000000',
            RATE_LIMIT_SIGNIN_PER_IP: '1000000',
            LOG_LEVEL: 'warn',
          },
          port: await freePort(),
          // A busy shared machine can take a while to start five processes.
          readyTimeoutMs: 180_000,
        });
    const [owner, other] = await Promise.all([api.signUp(), api.signUp()]);
    const created = await api.call('POST', '/api/runner-profile', { body: pageBody(), cookie: owner.cookie });
    expect(created.status).toBe(201);
    const run = await api.call('POST', '/api/activities', {
      body: { name: 'Easy', date: '2025-01-02', distanceKm: 5, durationSeconds: 1800 },
      cookie: owner.cookie,
    });
    expect(run.status).toBe(201);
    const page = created.body.profile;
    // Published (a team is started from a published page; a charity and an event list published pages).
    const nc = await connect({ servers: process.env.NATS_URL });
    await grantAccess(nc, owner.id, 'lifetime');
    await nc.close();
    await eventually(async () =>
      expect((await api.call('GET', `/api/runner-profile/${page.urlSlug}`)).body.profile.published).toBe(true),
    );
    const team = await api.call('POST', '/api/teams', {
      body: {
        slug: `props-${randomUUID().slice(0, 8)}`,
        name: 'Props Runners',
        charityName: 'Props Charity',
        marathonName: 'Chicago Marathon',
        marathonDate: '2027-10-10',
        currency: 'USD',
        goalAmount: 5000,
        joinRule: 'approval',
        captainProfileId: page.id,
      },
      cookie: owner.cookie,
    });
    expect([team.status, team.text]).toEqual([201, team.text]);
    const charity = await api.call('POST', '/api/charities', {
      body: {
        slug: `props-${randomUUID().slice(0, 8)}`,
        name: 'Props Charity',
        website: 'https://props-charity.example.org',
        country: 'GB',
        mission: 'Running for everyone.',
      },
      cookie: owner.cookie,
    });
    expect([charity.status, charity.text]).toEqual([201, charity.text]);
    const named = await api.call('PUT', `/api/runner-profile/${page.id}`, {
      body: { charityId: charity.body.charity.id },
      cookie: owner.cookie,
    });
    expect([named.status, named.text]).toEqual([200, named.text]);
    const events = await api.call('GET', '/api/events?query=chicago');
    expect(events.status).toBe(200);
    fixture = {
      owner,
      other,
      page,
      challengeId: page.fundraisingChallenges[0].id,
      activityId: run.body.id,
      teamId: team.body.team.id,
      teamSlug: team.body.team.slug,
      charityId: charity.body.charity.id,
      charitySlug: charity.body.charity.slug,
      eventSlug: events.body.events[0]?.slug ?? 'chicago-marathon-2027',
    };
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  function problem(res: ApiResponse, path: string): string | null {
    if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 300)}`;
    if (res.status >= 400 && path.startsWith('/api/')) {
      const body = res.body as { statusCode?: unknown; message?: unknown } | undefined;
      if (!res.contentType.includes('application/json'))
        return `a ${res.status} that is not JSON: ${res.text.slice(0, 200)}`;
      if (body?.statusCode !== res.status || typeof body.message !== 'string' || body.message === '') {
        return `a ${res.status} without statusCode and message: ${res.text.slice(0, 200)}`;
      }
    }
    return null;
  }

  it(`never answers 5xx; every 4xx is JSON {statusCode, message} (seed ${SEED}, ${RUNS} runs)`, async () => {
    const request = fc.constantFrom(...ROUTES).chain((route) => requestFor(route, fixture, stack.env.PUBLIC_URL));
    const collected: string[] = [];
    const statuses = new Map<number, number>();
    const trace: string[] = [];
    const cookies = { nobody: undefined, owner: fixture.owner.cookie, other: fixture.other.cookie };
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, body, who }) => {
        const res = await api.call(method, path, { body: body === undefined ? undefined : body, cookie: cookies[who] });
        if (process.env.FC_LOG) trace.push(`${res.status} ${method} ${path} ${JSON.stringify(body)?.slice(0, 120)}`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const found = problem(res, path);
        if (!found) return;
        const report = `${method} ${path} ${JSON.stringify(body)?.slice(0, 300)} as ${who}: ${found}`;
        // FC_COLLECT=1 lists every failing request of the run instead of shrinking the first one.
        if (COLLECT) collected.push(report);
        else throw new Error(report);
      }),
      { seed: SEED, numRuns: RUNS, verbose: 1 },
    );
    if (process.env.FC_LOG) console.log(trace.join('\n'));
    console.log(`answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(collected).toEqual([]);
    // The fixture's session survived every run: the suite exercised signed-in paths throughout.
    expect((await api.call('GET', '/api/auth/me', { cookie: fixture.owner.cookie })).status).toBe(200);
  });
});
