// A runner page made the way a runner makes it, for the benches: sign up, create the page with five
// challenges, and (optionally) publish it with a lifetime code.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './stack.mjs';

/** One JSON call to the gateway; throws on a non-2xx answer. Returns the body and the session cookie set, if any. */
export async function api(base, method, path, body, cookie) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return { body: await res.json(), cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

/** The DonorDrive participant the seeded pages raise on (a stack's emulator must know it for totals to be read). */
export const DONORDRIVE_PARTICIPANT_ID = 12345;

/** Signs a new runner up and creates their page with a story and five challenges. */
export async function seedRunnerPage(base) {
  const { body: signup, cookie } = await api(base, 'POST', '/api/auth/signup', {
    email: `bench-${randomUUID()}@example.com`,
    password: 'Secret123',
  });
  const { body } = await api(
    base,
    'POST',
    '/api/runner-profile',
    {
      urlSlug: `bench-${Date.now().toString(36)}`,
      name: 'Jane Doe',
      marathonName: 'Chicago Marathon',
      marathonDate: '2027-10-10',
      goalHours: 3,
      goalMinutes: 45,
      description: 'Running my first marathon for the children’s hospital. '.repeat(8).trim(),
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://www.extra-life.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: String(DONORDRIVE_PARTICIPANT_ID),
      challenges: [
        { amount: 25, description: 'Pick a song for my race day playlist' },
        { amount: 40, description: 'Write your name on my bib or arm for race day' },
        { amount: 50, description: 'Race Day Cameo video recorded during the race', isExclusive: true },
        { amount: 100, description: 'Challenge me to a beer mile' },
        { amount: 250, description: 'Run a long run in a banana suit with photos guaranteed', isExclusive: true },
      ],
    },
    cookie,
  );
  return { profile: body.profile, user: signup.user, cookie };
}

function runLifetimeCodeCli(env, code) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}services/billing/dist/cli/lifetime-code.js`, '--lifetime', code], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (status) => (status === 0 ? resolve() : reject(new Error(`lifetime-code exited ${status}`))));
  });
}

/**
 * Publishes the page as a runner would with a lifetime code (`npm run billing:code`, then the code at
 * checkout), and waits until visitors see it published. `env` is the stack's (its DATABASE_URL).
 */
export async function publishRunnerPage(base, env, page, timeoutMs = 15_000) {
  const code = `BENCH${randomUUID().slice(0, 8).toUpperCase()}`;
  await runLifetimeCodeCli(env, code);
  await api(
    base,
    'POST',
    '/api/subscription/create-checkout',
    {
      userId: page.user.id,
      successUrl: `${base}/payment?success=true`,
      cancelUrl: `${base}/payment?canceled=true`,
      discountCode: code,
    },
    page.cookie,
  );
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A visitor gets 404 until the page is published (profiles decides).
    const res = await fetch(`${base}/api/runner-profile/${page.profile.urlSlug}`);
    if (res.ok && (await res.json()).profile.published) return;
    await sleep(200);
  }
  throw new Error(`the runner page /${page.profile.urlSlug} was not published within ${timeoutMs} ms`);
}

/**
 * The cookies a browser holds once signed in: `cookie` (the session cookie `seedRunnerPage` keeps)
 * plus the access cookie the gateway sets on the first request that carries it. A client sending
 * the session cookie alone makes every request a refresh (an identity RPC, a token signed, a
 * session row written), which no browser does.
 */
export async function browserCookieOf(base, cookie) {
  const res = await fetch(`${base}/api/auth/me`, { headers: { cookie, origin: base } });
  if (!res.ok) throw new Error(`GET /api/auth/me: ${res.status} ${await res.text()}`);
  const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair]));
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    jar.set(pair.split('=')[0], pair);
  }
  if (![...jar.keys()].some((name) => /^(__Host-)?rp_access$/.test(name))) throw new Error('no access cookie set');
  return [...jar.values()].join('; ');
}

/** A team captained by a published runner page (`seedRunnerPage` then `publishRunnerPage`), for the team page's bench. */
export async function seedTeam(base, page) {
  const { body } = await api(
    base,
    'POST',
    '/api/teams',
    {
      slug: `bench-team-${Date.now().toString(36)}`,
      name: 'Chicago Charity Runners',
      story: 'Twelve friends running Chicago together for the children’s hospital. '.repeat(4).trim(),
      charityName: 'Children’s Hospital',
      marathonName: 'Chicago Marathon',
      marathonDate: '2027-10-10',
      currency: 'USD',
      goalAmount: 25000,
      joinRule: 'open',
      captainProfileId: page.profile.id,
    },
    page.cookie,
  );
  return body.team;
}

/**
 * A charity started by a published runner page's owner, with that page naming it, for the charity page's
 * bench. Resolves to the charity once its page lists the runner (community keeps it from profiles' events).
 */
export async function seedCharity(base, page, timeoutMs = 15_000) {
  const slug = `bench-charity-${Date.now().toString(36)}`;
  const { body } = await api(
    base,
    'POST',
    '/api/charities',
    {
      slug,
      name: 'Children’s Hospital Foundation',
      website: 'https://childrens-hospital.example.org',
      country: 'US',
      mission: 'Every child in the city gets the care they need, close to home.',
    },
    page.cookie,
  );
  await api(base, 'PUT', `/api/runner-profile/${page.profile.id}`, { charityId: body.charity.id }, page.cookie);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/api/charities/${slug}`);
    if (res.ok && (await res.json()).runners.length > 0) return body.charity;
    await sleep(200);
  }
  throw new Error(`the charity page /charities/${slug} did not list its runner within ${timeoutMs} ms`);
}

/** The event a published runner page runs (its marathon), as visitors see it once profiles knows it. */
export async function eventOf(base, page, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/api/runner-profile/${page.profile.urlSlug}`);
    const event = res.ok ? (await res.json()).profile.event : null;
    if (event?.slug) return event;
    await sleep(200);
  }
  throw new Error(`the runner page /${page.profile.urlSlug} named no event within ${timeoutMs} ms`);
}
