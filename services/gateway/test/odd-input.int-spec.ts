import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { INVALID_DATE_MESSAGE, disallowedTextMessage } from '@runpledge/contracts';
import { freePort } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';
import { apiClient, pageBody, type Json } from './support/api-client.js';

jest.setTimeout(60_000);

type Stack = Awaited<ReturnType<typeof startStack>>;

/** Today's date minus `days`, as `YYYY-MM-DD`. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Sets `value` at a dotted path (`challenges.0.description`) of a copy of `body`. */
function withField(body: Json, path: string, value: unknown): Json {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key];
  target[keys.at(-1)!] = value;
  return copy;
}

describe('odd input on every write route: a 400 naming the field, never a 500', () => {
  let stack: Stack;
  const api = apiClient(() => stack.url);
  let owner: { cookie: string; id: string };
  let page: Json;
  let challengeId: string;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        ...process.env,
        RATE_LIMIT_PUBLIC_WRITES_PER_IP: '100000',
        RPC_TIMEOUT_MS: '20000',
        RATE_LIMIT_SIGNUP_PER_IP: '100000',
        RATE_LIMIT_SIGNIN_PER_IP: '100000',
      },
      port: await freePort(),
      // A busy shared machine can take a while to start five processes.
      readyTimeoutMs: 180_000,
    });
    owner = await api.signUp();
    const created = await api.call('POST', '/api/runner-profile', { body: pageBody(), cookie: owner.cookie });
    expect(created.status).toBe(201);
    page = created.body.profile;
    challengeId = page.fundraisingChallenges[0].id;
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  /** [route, signed in, valid body, field path, the field's name in the message]. */
  const textCases = (): [string, boolean, Json, string, string][] => {
    const setup = {
      stravaAccessToken: 'a',
      stravaRefreshToken: 'r',
      stravaAthleteId: '1',
      stravaTokenExpiresAt: '2030-01-01T00:00:00Z',
    };
    return [
      ['POST /api/runner-profile', true, pageBody(), 'name', 'Your name'],
      ['POST /api/runner-profile', true, pageBody(), 'marathonName', 'Marathon name'],
      ['POST /api/runner-profile', true, pageBody(), 'description', 'Your story'],
      ['POST /api/runner-profile', true, pageBody(), 'charityLink', 'The charity link'],
      ['POST /api/runner-profile', true, pageBody(), 'challenges.0.description', 'The description'],
      [
        'POST /api/runner-profile',
        true,
        pageBody({ donationPlatform: 'donordrive', donorDriveEventUrl: 'https://dd.example.org/e/1' }),
        'donorDriveParticipantId',
        'The DonorDrive participant ID',
      ],
      [`PUT /api/runner-profile/${page.id}`, true, { name: 'Jane' }, 'name', 'Your name'],
      [`PUT /api/runner-profile/${page.id}`, true, { description: 'Story' }, 'description', 'Your story'],
      [
        'POST /api/fundraising-challenges',
        true,
        { runnerProfileId: page.id, amount: 5, description: 'Sing', isExclusive: false },
        'description',
        'The description',
      ],
      [
        `PUT /api/fundraising-challenges/${challengeId}`,
        true,
        { amount: 5, description: 'Sing', isExclusive: false },
        'description',
        'The description',
      ],
      [
        'POST /api/encouragement',
        false,
        { runnerProfileId: page.id, senderName: 'Ann', message: 'Go!' },
        'senderName',
        'Your name',
      ],
      [
        'POST /api/encouragement',
        false,
        { runnerProfileId: page.id, senderName: 'Ann', message: 'Go!' },
        'message',
        'The message',
      ],
      [
        'POST /api/activities',
        true,
        { name: 'Long run', date: daysAgo(1), distanceKm: 10, durationSeconds: 3600 },
        'name',
        'The name of the run',
      ],
      ['POST /api/auth/signup', false, { email: 'new@example.com', password: 'Secret123' }, 'password', 'Password'],
      ['POST /api/auth/signin', false, { email: 'new@example.com', password: 'Secret123' }, 'email', 'Email'],
      ['POST /api/auth/verify', false, { token: 'abc', type: 'signup' }, 'token', 'token'],
      [
        'POST /api/subscription/create-checkout',
        true,
        {
          userId: owner.id,
          successUrl: `${stack.env.PUBLIC_URL}/payment?success=true`,
          cancelUrl: `${stack.env.PUBLIC_URL}/payment?canceled=true`,
          discountCode: 'RUNFREE',
        },
        'discountCode',
        'The discount code',
      ],
      ['POST /api/subscription/reconcile', true, { sessionId: 'cs_test_1' }, 'sessionId', 'sessionId'],
      ['POST /api/fitness/strava/connect', true, { ...setup }, 'stravaAccessToken', 'Strava access token'],
      [
        'POST /api/fitness/strava/complete-setup',
        true,
        { ...setup, trainingStartDate: daysAgo(30) },
        'stravaRefreshToken',
        'Strava refresh token',
      ],
    ];
  };

  it('refuses NUL, other control characters and lone surrogates in every text field with 400 naming it', async () => {
    const failures: string[] = [];
    for (const [route, signedIn, body, field, label] of textCases()) {
      const [method, path] = route.split(' ') as [string, string];
      for (const bad of ['Jo\u0000e', 'Jo\u0007e', 'Jo\uD800e']) {
        const res = await api.call(method, path, {
          body: withField(body, field, bad),
          cookie: signedIn ? owner.cookie : undefined,
        });
        const expected = { statusCode: 400, error: 'Bad Request', message: disallowedTextMessage(label) };
        if (res.status !== 400 || JSON.stringify(res.body) !== JSON.stringify(expected)) {
          failures.push(`${route} ${field}=${JSON.stringify(bad)}: ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps newlines, tabs, right-to-left marks, combining marks and emoji', async () => {
    const story = 'Line one\n\tLine two \u200Fשלום\u200F e\u0301 🏃‍♀️🇺🇸';
    const res = await api.call('PUT', `/api/runner-profile/${page.id}`, {
      body: { description: story },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.profile.description).toBe(story);
  });

  it('refuses control characters in path and query parameters with 400 naming the parameter', async () => {
    for (const [path, field] of [
      ['/api/runner-profile/jane%00doe', 'slug'],
      ['/api/slug-availability?slug=jane%00doe', 'slug'],
      [`/api/activities?userId=${owner.id}%00`, 'userId'],
    ] as const) {
      const res = await api.call('GET', path, { cookie: owner.cookie });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: disallowedTextMessage(field) },
      });
    }
  });

  it('sends a browser navigating to an address with control characters to a page, not an error body', async () => {
    const res = await fetch(`${stack.url}/api/strava/auth?profileSlug=a%01b`, {
      headers: { cookie: owner.cookie },
      redirect: 'manual',
    });
    expect({ status: res.status, location: res.headers.get('location') }).toEqual({
      status: 302,
      location: '/?strava_error=invalid_request',
    });
  });

  it('answers every impossible date with 400 "Please enter a valid date."', async () => {
    const failures: string[] = [];
    const cases: [string, Json][] = [
      ['POST /api/runner-profile', pageBody({ marathonDate: '2027-02-30' })],
      ['POST /api/runner-profile', pageBody({ marathonDate: '2027-04-31' })],
      ['POST /api/runner-profile', pageBody({ marathonDate: '2027-13-01' })],
      ['POST /api/runner-profile', pageBody({ marathonDate: '0000-01-01' })],
      [`PUT /api/runner-profile/${page.id}`, { marathonDate: '2027-02-30' }],
      [`PUT /api/runner-profile/${page.id}`, { marathon_date: '2026-02-29' }],
      ['POST /api/activities', { date: '2025-02-29', distanceKm: 5, durationSeconds: 1800 }],
      ['POST /api/activities', { date: '2025-06-31', distanceKm: 5, durationSeconds: 1800 }],
      ['POST /api/fitness/strava/complete-setup', { trainingStartDate: '2025-02-30' }],
    ];
    for (const [route, body] of cases) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await api.call(method, path, { body, cookie: owner.cookie });
      const expected = { statusCode: 400, error: 'Bad Request', message: INVALID_DATE_MESSAGE };
      if (JSON.stringify(res.body) !== JSON.stringify(expected) || res.status !== 400) {
        failures.push(`${route} ${JSON.stringify(body).slice(0, 80)}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // The real last day of February in a leap year is fine.
    const leap = await api.call('PUT', `/api/runner-profile/${page.id}`, {
      body: { marathonDate: '2028-02-29' },
      cookie: owner.cookie,
    });
    expect(leap.status).toBe(200);
    expect(leap.body.profile.marathonDate).toBe('2028-02-29');
  });

  it('answers create and update with published and isOwner, like GET', async () => {
    const created = await api.call('POST', '/api/runner-profile', { body: pageBody(), cookie: owner.cookie });
    expect(created.status).toBe(201);
    expect(created.body.profile).toMatchObject({ published: false, isOwner: true });
    const updated = await api.call('PUT', `/api/runner-profile/${created.body.profile.id}`, {
      body: { name: 'Jane' },
      cookie: owner.cookie,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.profile).toMatchObject({ name: 'Jane', published: false, isOwner: true });
  });

  it('finds a page whatever the case of its address, with or without a trailing slash', async () => {
    // Unpublished (no subscription in this test): its owner reads it.
    const upper = await api.call('GET', `/api/runner-profile/${page.urlSlug.toUpperCase()}/`, { cookie: owner.cookie });
    expect(upper.status).toBe(200);
    expect(upper.body.profile.id).toBe(page.id);
    const html = await api.call('GET', `/${page.urlSlug.toUpperCase()}/?ref=share`);
    expect(html.status).toBe(301);
    const location = await fetch(`${stack.url}/${page.urlSlug.toUpperCase()}/?ref=share`, { redirect: 'manual' });
    expect(location.headers.get('location')).toBe(`/${page.urlSlug}?ref=share`);
  });

  it('takes DonorDrive participant ids of digits only', async () => {
    const body = pageBody({
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://dd.example.org/e/1',
      donorDriveParticipantId: '12ab',
    });
    const res = await api.call('POST', '/api/runner-profile', { body, cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The DonorDrive participant ID may only contain digits');
  });
});
