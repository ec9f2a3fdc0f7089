import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  BASE,
  PASSWORD,
  SAME_ORIGIN,
  createPage,
  fillSignupDetails,
  ownerWithPublishedPage,
  signedInContext,
  unique,
} from './support/journeys';

// Issue #21: second visits, the back button and odd input, as a runner or a visitor would meet them.

// The stack's Strava emulator (playwright.config.ts picks its port).
const STRAVA = `http://127.0.0.1:${process.env.E2E_STRAVA_EMULATOR_PORT}`;
const START_DATE_FIRST = 'Set your training start date first: your runs are synced from that day.';

/**
 * Keeps the app's analytics events across page loads (Checkout is another site): the dataLayer
 * the app pushes to also writes each event name to localStorage.
 */
async function recordEvents(context: BrowserContext) {
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      const saved = JSON.parse(localStorage.getItem('e2e:events') ?? '[]') as string[];
      for (const item of items) {
        const name = (item as { event?: unknown }).event;
        if (typeof name === 'string') saved.push(name);
      }
      localStorage.setItem('e2e:events', JSON.stringify(saved));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}
const recordedEvents = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('e2e:events') ?? '[]') as string[]);

test('Back after checkout never shows the success screen again, and purchase is counted once', async ({ browser }) => {
  const { context } = await signedInContext(browser);
  await recordEvents(context);
  const { urlSlug: slug } = await createPage(context.request);
  const page = await context.newPage();

  await page.goto('/payment');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page).toHaveURL(/\/payment\?success=true&session_id=cs_/);
  const successUrl = page.url();
  await expect(page.getByText('Payment Successful!').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Runner' })).toBeVisible();

  // Back from the live page: the success entry was replaced, so Back leaves the app's success screen behind.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/payment\?success=true/);
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));

  // Even the success address typed again (or reloaded) counts the purchase once.
  await page.goto(successUrl);
  await expect(page).toHaveURL(new RegExp(`/${slug}$`), { timeout: 10_000 });
  expect((await recordedEvents(page)).filter((name) => name === 'purchase')).toHaveLength(1);
  await context.close();
});

test('/payment for a runner who is already trialing says so, links to the page and the dashboard, no Checkout', async ({
  browser,
}) => {
  const { context, slug } = await ownerWithPublishedPage(browser);
  const page = await context.newPage();
  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/subscription/create-checkout')) checkouts.push(request.url());
  });

  await page.goto('/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'You already have access' })).toBeVisible();
  await expect(page.getByText(/^Your free trial runs until /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your page' })).toHaveAttribute('href', `/${slug}`);
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
  expect(checkouts).toEqual([]);
  await page.getByRole('link', { name: 'View your page' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await context.close();
});

test('"Back to account setup" on /payment goes back to /createaccount and stays there', async ({ page }) => {
  const slug = unique('back');
  await page.goto('/signup');
  await fillSignupDetails(page, slug);
  await page.getByRole('button', { name: 'Continue to Account Creation' }).click();
  await page.getByLabel('Email').fill(`${slug}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 10_000 });

  await page.getByRole('link', { name: 'Back to account setup' }).click();
  await expect(page).toHaveURL(/\/createaccount$/);
  await expect(page.getByRole('heading', { name: 'Your page is set up' })).toBeVisible();
  await expect(page.getByText(`Your page is at /${slug}.`)).toBeVisible();
  // The old bounce came ~2 s after arriving: still here well after it, and no second page made.
  await page.waitForTimeout(3_000);
  await expect(page).toHaveURL(/\/createaccount$/);
  await expect(page.getByText('Profile Creation Failed')).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue to your free trial' }).click();
  await expect(page).toHaveURL(/\/payment$/);
});

test('a capitalised address redirects permanently to the lowercase page, which shows', async ({ browser, request }) => {
  const { context, slug } = await ownerWithPublishedPage(browser);
  await context.close();
  const shouting = slug.toUpperCase();

  const html = await request.get(`/${shouting}`, { maxRedirects: 0 });
  expect(html.status()).toBe(301);
  expect(new URL(html.headers().location!, BASE).pathname).toBe(`/${slug}`);
  const api = await request.get(`/api/runner-profile/${shouting}`);
  expect(api.status()).toBe(200);
  expect(((await api.json()) as { profile: { urlSlug: string } }).profile.urlSlug).toBe(slug);

  const page = await browser.newPage({ baseURL: BASE });
  await page.goto(`/${shouting}`);
  await expect(page).toHaveURL(`${BASE}/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Runner' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Runner Not Found' })).toHaveCount(0);
  // A trailing slash finds it too.
  await page.goto(`/${slug}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Runner' })).toBeVisible();
  await page.close();
});

test('/signup suggests jose-nunez as the address for "José Núñez"', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Your Name').fill('José Núñez');
  await expect(page.getByLabel('Page address')).toHaveValue('jose-nunez');
  await page.getByLabel('Your Name').fill('Zoë');
  await expect(page.getByLabel('Page address')).toHaveValue('zoe');
});

test('a signed-out visit to the success address gets a plain notice with a sign-in link, no success, no purchase', async ({
  page,
}) => {
  await page.goto('/payment?success=true&session_id=x');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to show here' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute(
    'href',
    '/login?redirect=/dashboard',
  );
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event),
  );
  expect(events).not.toContain('purchase');
  await expect(page).toHaveURL(/\/payment\?success=true&session_id=x$/);
});

test('Sync before a training start date says so and offers the date; without Strava, Connect and no Sync', async ({
  browser,
}) => {
  const { context } = await signedInContext(browser);
  const { urlSlug: slug } = await createPage(context.request);
  const page = await context.newPage();

  // Never connected: Connect, no Sync, on the fitness page and on the runner page.
  await page.goto(`/${slug}/fitness`);
  await expect(page.getByRole('button', { name: 'Connect with Strava' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await page.goto(`/${slug}`);
  await expect(page.getByRole('link', { name: 'Connect Strava' })).toHaveAttribute('href', `/${slug}/fitness`);
  await expect(page.getByRole('button', { name: 'Sync', exact: true })).toHaveCount(0);

  // Connected through Strava's (emulated) authorize page, but no start date yet.
  const seeded = await (await page.request.post(`${STRAVA}/_emulator/athletes`, { data: { activities: 3 } })).json();
  await page.goto(`/${slug}/fitness`);
  await page.getByRole('button', { name: 'Connect with Strava' }).click();
  await page.locator('#athlete_id').selectOption(String(seeded.athlete.id));
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/fitness\\?strava_connected=true$`));
  await page.goto(`/${slug}/fitness`);

  await expect(page.getByText(START_DATE_FIRST)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Set training start date' }).click();
  await expect(page.getByLabel('Training start date')).toBeFocused();
  // The API says the same to a client that syncs anyway.
  const userId = ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } }).user.id;
  const sync = await page.request.post('/api/strava/sync', { headers: SAME_ORIGIN, data: { userId } });
  expect(sync.status()).toBe(409);
  expect(await sync.json()).toMatchObject({ statusCode: 409, message: START_DATE_FIRST });
  await page.goto(`/${slug}`);
  await expect(page.getByRole('link', { name: 'Set training start date' })).toHaveAttribute('href', `/${slug}/fitness`);
  await expect(page.getByText('Activities Synced')).toHaveCount(0);

  // Once the date is set, Sync is offered (syncing itself: e2e/fitness.spec.ts).
  await page.goto(`/${slug}/fitness`);
  await page.getByLabel('Training start date').fill('2000-01-01');
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await expect(page.getByText(START_DATE_FIRST)).toHaveCount(0);
  await context.close();
});

test('inner pages carry the header (home, dashboard, sign out) and error screens link home', async ({ browser }) => {
  const { context } = await signedInContext(browser);
  const { urlSlug: slug } = await createPage(context.request);
  const page = await context.newPage();

  for (const path of ['/payment', '/signup', `/${slug}/fitness`, '/settings', '/no/such/page']) {
    await page.goto(path);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'RunPledge home' }), path).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Dashboard' }), path).toHaveAttribute('href', '/dashboard');
    await header.getByRole('button', { name: 'Account' }).click();
    await expect(header.getByRole('button', { name: 'Sign out', exact: true }), path).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');

  // A runner page that does not exist links home too.
  await page.goto(`/${unique('nobody')}`);
  await expect(page.getByRole('heading', { name: 'Runner Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(`${BASE}/`);

  // Sign out from an inner page's header.
  await page.goto('/payment');
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await context.close();
});
