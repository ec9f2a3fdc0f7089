// Small helpers shared by integration tests: a raw NATS requester speaking Nest's wire format.
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';

export async function natsRequester() {
  const nc = await connect({ servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',') });
  const prefix = process.env.NATS_SUBJECT_PREFIX ?? '';
  return {
    nc,
    /** Resolves to `{response}` or `{err}` exactly as the service answered. */
    async request(pattern, data, timeout = 5000) {
      const subject = `${prefix}${pattern}`;
      const msg = await nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout });
      return msg.json();
    },
    close: () => nc.close(),
  };
}

export { freePort } from '../lib/stack.mjs';

export async function eventually(check, { timeoutMs = 10_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw lastError ?? new Error('condition not met in time');
}

/**
 * JSON calls to an emulator's API under `base()`, read at each call (stacks start in beforeAll).
 * With `check`, an answer other than 2xx throws with its text; without, its JSON is returned as is.
 */
export function emulatorCalls(base, { headers = {}, check = false } = {}) {
  return async (method, path, body) => {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (check && !res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** The Stripe emulator's API with the key the stacks use; an answer other than 2xx throws. */
export const stripeEmulatorCalls = (base) =>
  emulatorCalls(base, { headers: { authorization: 'Bearer sk_test_emulator' }, check: true });

/** What the Strava emulator's authorize page posts when `athleteId` approves: the redirect back, with a code. */
export async function approveStravaAuthorization(stravaBase, authorize, athleteId) {
  const res = await fetch(`${stravaBase}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      client_id: authorize.searchParams.get('client_id'),
      redirect_uri: authorize.searchParams.get('redirect_uri'),
      requested_scope: 'activity:read_all',
      scope: 'activity:read_all',
      athlete_id: String(athleteId),
      state: authorize.searchParams.get('state'),
    }),
  });
  return new URL(res.headers.get('location'));
}

/** The body of POST /api/fitness/strava/complete-setup for `userId` and an athlete the Strava emulator seeded. */
export const stravaSetupBody = (userId, seeded) => ({
  userId,
  stravaAccessToken: seeded.access_token,
  stravaRefreshToken: seeded.refresh_token,
  stravaAthleteId: String(seeded.athlete.id),
  stravaTokenExpiresAt: new Date(seeded.expires_at * 1000).toISOString(),
  trainingStartDate: '2000-01-01',
  publicDisplayConsent: true,
});

/** A new runner signed up once through the gateway at `baseUrl` (a status other than 201 fails the test), from `ip` if given. */
export async function signUpRunner(baseUrl, { password = 'Secret123', ip } = {}) {
  // Loaded here, inside a test: bench scripts import this module too, outside Jest.
  const { expect } = await import('@jest/globals');
  const email = `runner-${randomUUID()}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(201);
  const { user } = await res.json();
  return { id: user.id, email, cookie: res.headers.get('set-cookie').split(';')[0] };
}

/** The runner and race of the pages the integration tests create (POST /api/runner-profile, profiles' create). */
export const SAMPLE_RUNNER = Object.freeze({
  name: 'Jane Doe',
  marathonName: 'Chicago Marathon',
  marathonDate: '2027-10-10',
  goalHours: 3,
  goalMinutes: 45,
  description: 'Running for the kids.',
});
