import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Shared steps of the end-to-end journeys: users and pages are made through the API (same-origin
// JSON, so the CSRF check passes) to keep each journey short.
export const BASE = `http://127.0.0.1:${process.env.E2E_PORT}`;
export const SAME_ORIGIN = { Origin: BASE };
export const PASSWORD = 'Marathon2027!';

export interface TestUser {
  id: string;
  email: string;
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A browser context signed in as a new user (cookie from the API, user saved as the app keeps it). */
export async function signedInContext(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; user: TestUser }> {
  const context = await browser.newContext({ baseURL: BASE, ...options });
  const response = await context.request.post('/api/auth/signup', {
    headers: SAME_ORIGIN,
    data: { email: `${unique('runner')}@example.com`, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: TestUser };
  await context.addInitScript((saved) => localStorage.setItem('runpledge:user', JSON.stringify(saved)), user);
  return { context, user };
}

/** A runner page of the signed-in user behind `request`; `overrides` replace any field. */
export async function createPage(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const response = await request.post('/api/runner-profile', {
    headers: SAME_ORIGIN,
    data: {
      urlSlug: unique('e2e'),
      name: 'Jane Runner',
      marathonName: 'Chicago Marathon',
      marathonDate: '2099-10-12',
      goalHours: 3,
      goalMinutes: 45,
      description: 'Running for the children’s hospital that looked after my son.',
      donationPlatform: 'justgiving',
      justGivingPageShortName: 'jane-runs',
      fundraisingGoal: 1000,
      challenges: [
        { amount: 250, description: 'Long run in a banana suit', isExclusive: true },
        { amount: 25, description: 'Pick a song for my playlist', isExclusive: false },
      ],
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  const { profile } = (await response.json()) as { profile: { id: string; urlSlug: string } };
  return profile;
}

/** Starts the owner's free trial through Stripe Checkout (the local emulator), which publishes their pages. */
export async function startTrial(context: BrowserContext, userId: string, slug: string) {
  const checkout = await context.request.post('/api/subscription/create-checkout', {
    headers: SAME_ORIGIN,
    data: { userId, successUrl: `${BASE}/payment?success=true`, cancelUrl: `${BASE}/payment?canceled=true` },
  });
  expect(checkout.ok()).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: /Start trial/ }).click();
  await page.waitForURL(/session_id=/);
  const sessionId = new URL(page.url()).searchParams.get('session_id');
  await context.request.post('/api/subscription/reconcile', { headers: SAME_ORIGIN, data: { sessionId } });
  await page.close();
  await expect
    .poll(async () => {
      const res = await context.request.get(`/api/runner-profile/${slug}`);
      return res.ok() ? ((await res.json()) as { profile: { published: boolean } }).profile.published : false;
    })
    .toBe(true);
}

/** A new signed-in runner with a published page (trial started): the set-up of the page journeys. */
export async function ownerWithPublishedPage(
  browser: Browser,
): Promise<{ context: BrowserContext; user: TestUser; slug: string }> {
  const owner = await signedInContext(browser);
  const { urlSlug: slug } = await createPage(owner.context.request);
  await startTrial(owner.context, owner.user.id, slug);
  return { ...owner, slug };
}

/**
 * The path and query of the newest link to `path` (e.g. `/reset-password`) in a mail to `email`,
 * from the outbox folders of the test stack (quoted-printable decoded), or undefined.
 */
export function mailLink(email: string, path: string): string | undefined {
  let newest: { at: number; link: string } | undefined;
  const pattern = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+(?:&type=[a-z_]+)?`);
  for (const dir of readdirSync(tmpdir()).filter((name) => name.startsWith('rp-outbox-'))) {
    let files: string[];
    try {
      files = readdirSync(join(tmpdir(), dir));
    } catch {
      continue;
    }
    for (const file of files) {
      const mail = readFileSync(join(tmpdir(), dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) continue;
      const link = pattern.exec(mail)?.[0];
      const at = Number(file.split('-')[0]);
      if (link && (!newest || at >= newest.at)) newest = { at, link };
    }
  }
  return newest?.link;
}

/** A marathon date next year, as the sign-up form takes it. */
export const nextYear = (): string => `${new Date().getFullYear() + 1}-10-11`;

/** Fills every required field of /signup (spec 3) with a valid page at `slug`. */
export async function fillSignupDetails(page: Page, slug: string) {
  await page.getByLabel('Your Name').fill('Jane Runner');
  await page.getByLabel('Marathon Name').fill('Chicago Marathon');
  await page.getByLabel('Marathon Date').fill(nextYear());
  await page.getByLabel('Hours').fill('3');
  await page.getByLabel('Minutes').fill('45');
  await page.getByLabel('Donation Platform').selectOption('justgiving');
  await page.getByLabel('JustGiving page short name').fill('jane-runs');
  await page.getByLabel('Your Story').fill('Running for the children’s hospital that looked after my son.');
  await page.getByLabel('Page address').fill(slug);
}
