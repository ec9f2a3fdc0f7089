// Issue 13 item 2: the Strava OAuth state is bound to the browser and the user that started it, and used once.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { approveStravaAuthorization, emulatorCalls, eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { createPage, forgetStravaLinks, signUp } from './support/stack-users.js';

// Room for a busy shared machine: Strava syncs and webhook jobs are waited for.
jest.setTimeout(90_000);

describe('Strava OAuth state bound to the browser and user that started it', () => {
  let stack: Stack;
  let strava: string;

  /** `GET /api/strava/auth` as the browser navigates it: Strava's authorize URL and the cookies set. */
  const start = async (cookie: string, slug: string) => {
    let res!: Response;
    await eventually(async () => {
      res = await fetch(`${stack.url}/api/strava/auth?profileSlug=${slug}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      // Fitness hears of the new page by event (till then the start lands on the landing page's notice).
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^https?:/);
    });
    const setCookies = res.headers.getSetCookie();
    return { authorize: new URL(res.headers.get('location')!), setCookies };
  };
  /** What Strava's authorize page posts when an athlete approves: a fresh code with the same state. */
  const approve = async (authorize: URL, athleteId: number) => {
    const back = await approveStravaAuthorization(strava, authorize, athleteId);
    return `${stack.url}${back.pathname}${back.search}`;
  };
  const callback = async (url: string, cookie?: string) => {
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    return { status: res.status, location: res.headers.get('location') };
  };
  const stravaConnected = async (profileId: string, cookie: string) => {
    const res = await fetch(`${stack.url}/api/fitness-profile/${profileId}`, { headers: { cookie } });
    return ((await res.json()) as { stravaConnected: boolean }).stravaConnected;
  };
  const newAthlete = async () =>
    (
      (await emulatorCalls(() => strava)('POST', '/_emulator/athletes', { activities: 1 })) as {
        athlete: { id: number };
      }
    ).athlete.id;
  const cookiePair = (setCookie: string) => setCookie.split(';')[0]!;

  beforeAll(async () => {
    stack = await startGatewayStack();
    strava = stack.env.STRAVA_BASE_URL;
    await forgetStravaLinks();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
    await forgetStravaLinks();
  });

  it('sets a short-lived httpOnly nonce cookie for the callback only', async () => {
    const runner = await signUp(stack.url);
    const page = await createPage(stack.url, runner.cookie);
    const { setCookies, authorize } = await start(runner.cookie, page.urlSlug);
    const nonce = setCookies.find((c) => c.startsWith('rp_strava_oauth='));
    expect(nonce).toBeDefined();
    expect(nonce).toMatch(/HttpOnly/i);
    expect(nonce).toMatch(/SameSite=Lax/i);
    expect(nonce).toMatch(/Path=\/api\/strava\/callback/);
    expect(nonce).toMatch(/Max-Age=600/);
    // The state carries only a hash of the nonce, never the nonce itself.
    expect(authorize.searchParams.get('state')).not.toContain(cookiePair(nonce!).split('=')[1]);
  });

  it('refuses a callback finished in another browser or by another user, stores nothing, and is single use', async () => {
    const runner = await signUp(stack.url);
    const victim = await signUp(stack.url);
    const page = await createPage(stack.url, runner.cookie);
    const { authorize, setCookies } = await start(runner.cookie, page.urlSlug);
    const nonce = cookiePair(setCookies.find((c) => c.startsWith('rp_strava_oauth='))!);
    const athlete = await newAthlete();

    // Another browser (no nonce), signed in as someone else, signed out, or with a made-up nonce.
    for (const cookie of [
      victim.cookie,
      undefined,
      runner.cookie,
      `${runner.cookie}; rp_strava_oauth=made-up`,
      `${victim.cookie}; ${nonce}`,
      nonce,
    ]) {
      const res = await callback(await approve(authorize, athlete), cookie);
      expect(res.status).toBe(302);
      expect(res.location).toMatch(/^\/\?strava_error=[a-z_]+$/);
      expect(await stravaConnected(page.id, runner.cookie)).toBe(false);
    }

    // The browser and user that started it: connected.
    const ok = await callback(await approve(authorize, athlete), `${runner.cookie}; ${nonce}`);
    expect(ok).toMatchObject({ status: 302, location: `/${page.urlSlug}/fitness?strava_connected=true` });
    expect(await stravaConnected(page.id, runner.cookie)).toBe(true);

    // The same state again, even with the right browser and a fresh code: refused.
    const again = await callback(await approve(authorize, await newAthlete()), `${runner.cookie}; ${nonce}`);
    expect(again).toMatchObject({ status: 302, location: '/?strava_error=link_already_used' });
    const stored = await fetch(`${stack.url}/api/activities?limit=10`, { headers: { cookie: runner.cookie } });
    expect(stored.status).toBe(200);
  });

  it('sends a forged state and a denial to the landing page', async () => {
    expect(
      await callback(`${stack.url}/api/strava/callback?code=abc&state=forged&scope=activity:read_all`),
    ).toMatchObject({ status: 302, location: '/?strava_error=invalid_request' });
    expect(await callback(`${stack.url}/api/strava/callback?error=access_denied&state=x`)).toMatchObject({
      status: 302,
      location: '/?strava_error=access_denied',
    });
  });
});
