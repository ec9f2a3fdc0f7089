// Every address of the Strava connection the browser navigates to (GET /api/strava/auth and Strava's
// return to GET /api/strava/callback) answers with a 302 to a page of the app whatever happens: never
// a JSON error on a blank page, never a secret in the address.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { approveStravaAuthorization, emulatorCalls, eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { createPage, forgetStravaLinks, signUp } from './support/stack-users.js';

jest.setTimeout(120_000);

describe('Strava connection addresses the browser navigates to', () => {
  let stack: Stack;
  let strava: string;
  let db: pg.Client;

  /** As the browser follows it: status and Location, and that no body or secret comes along. */
  const navigate = async (path: string, cookie?: string) => {
    const res = await fetch(`${stack.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    const body = await res.text();
    const location = res.headers.get('location');
    expect(res.headers.get('content-type') ?? '').not.toMatch(/json/);
    expect(body).not.toMatch(/statusCode/);
    return { status: res.status, location };
  };
  const newAthlete = async () =>
    (
      (await emulatorCalls(() => strava)('POST', '/_emulator/athletes', { activities: 1 })) as {
        athlete: { id: number };
      }
    ).athlete.id;
  /** A runner who pressed Connect: their cookies with the nonce, and Strava's authorize URL. */
  const started = async () => {
    const runner = await signUp(stack.url);
    const page = await createPage(stack.url, runner.cookie);
    let res!: Response;
    await eventually(async () => {
      res = await fetch(`${stack.url}/api/strava/auth?profileSlug=${page.urlSlug}`, {
        headers: { cookie: runner.cookie },
        redirect: 'manual',
      });
      // Fitness hears of the new page by event.
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^http/);
    });
    const nonce = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('rp_strava_oauth='))!
      .split(';')[0]!;
    return { page, cookie: `${runner.cookie}; ${nonce}`, authorize: new URL(res.headers.get('location')!) };
  };
  /** Strava's return after the athlete approved: the callback's path and query. */
  const approved = async (authorize: URL) => {
    const back = await approveStravaAuthorization(strava, authorize, await newAthlete());
    return `${back.pathname}${back.search}`;
  };

  beforeAll(async () => {
    stack = await startGatewayStack({ RPC_TIMEOUT_MS: '15000' });
    strava = stack.env.STRAVA_BASE_URL;
    await forgetStravaLinks();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.query('DROP TRIGGER IF EXISTS refuse_save ON fitness.strava_connections').catch(() => undefined);
    await db?.end();
    await stack?.stop();
    await forgetStravaLinks();
  });

  it('connected: to the runner’s fitness page', async () => {
    const { page, cookie, authorize } = await started();
    expect(await navigate(await approved(authorize), cookie)).toEqual({
      status: 302,
      location: `/${page.urlSlug}/fitness?strava_connected=true`,
    });
  });

  it('Strava’s own error: to the landing page with that error, a plain code only', async () => {
    expect(await navigate('/api/strava/callback?error=access_denied&state=x')).toEqual({
      status: 302,
      location: '/?strava_error=access_denied',
    });
    expect(await navigate('/api/strava/callback?error=server_error')).toEqual({
      status: 302,
      location: '/?strava_error=server_error',
    });
    expect(await navigate('/api/strava/callback?error=%3Cb%3EYou%20won%3C%2Fb%3E')).toEqual({
      status: 302,
      location: '/?strava_error=authorization_failed',
    });
  });

  it('malformed, forged or repeated: to the landing page’s notice', async () => {
    for (const query of [
      // a forged state, a state with no code, text the API refuses, a parameter twice
      'code=abc&state=forged&scope=activity:read_all',
      'state=forged',
      'code=abc&state=%00',
      'code=a&code=b&state=x',
      '',
    ])
      expect(await navigate(`/api/strava/callback?${query}`)).toEqual({
        status: 302,
        location: '/?strava_error=invalid_request',
      });

    const { cookie, authorize } = await started();
    const back = await approved(authorize);
    expect((await navigate(back, cookie)).location).toMatch(/strava_connected=true$/);
    expect(await navigate(await approved(authorize), cookie)).toEqual({
      status: 302,
      location: '/?strava_error=link_already_used',
    });
  });

  it('no session: starting a connection sends the visitor to sign in', async () => {
    expect(await navigate('/api/strava/auth?profileSlug=jane')).toEqual({
      status: 302,
      location: '/?strava_error=sign_in_required',
    });
  });

  it('the database refusing the save: to the landing page’s notice, nothing stored', async () => {
    const { page, cookie, authorize } = await started();
    await db.query(`
      CREATE OR REPLACE FUNCTION fitness.refuse_save() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_save BEFORE INSERT OR UPDATE ON fitness.strava_connections
        FOR EACH ROW EXECUTE FUNCTION fitness.refuse_save();`);
    try {
      expect(await navigate(await approved(authorize), cookie)).toEqual({
        status: 302,
        location: '/?strava_error=request_failed',
      });
    } finally {
      await db.query('DROP TRIGGER refuse_save ON fitness.strava_connections');
    }
    const fitness = await fetch(`${stack.url}/api/fitness-profile/${page.id}`, { headers: { cookie } });
    expect(((await fitness.json()) as { stravaConnected: boolean }).stravaConnected).toBe(false);
  });

  it('fitness too slow, then stopped, during the callback: to the landing page’s notice', async () => {
    const slow = await started();
    const slowReturn = await approved(slow.authorize);
    const fitness = stack.processes.get('fitness')!;
    fitness.child.kill('SIGSTOP');
    try {
      expect(await navigate(slowReturn, slow.cookie)).toEqual({
        status: 302,
        location: '/?strava_error=unavailable',
      });
    } finally {
      fitness.child.kill('SIGCONT');
    }

    const { cookie, authorize } = await started();
    const back = await approved(authorize);
    await fitness.stop();
    expect(await navigate(back, cookie)).toEqual({ status: 302, location: '/?strava_error=unavailable' });
    // Starting again while fitness is away: the same notice, not a JSON 503.
    expect(await navigate('/api/strava/auth?profileSlug=jane', cookie)).toEqual({
      status: 302,
      location: '/?strava_error=unavailable',
    });
  });
});
