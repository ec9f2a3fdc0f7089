import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ownerWithPublishedPage } from './support/journeys';

// The stack's Strava emulator (playwright.config.ts picks its port).
const STRAVA = `http://127.0.0.1:${process.env.E2E_STRAVA_EMULATOR_PORT}`;

async function seedAthlete(request: APIRequestContext, activities = 3) {
  const res = await request.post(`${STRAVA}/_emulator/athletes`, { data: { activities } });
  expect(res.status()).toBe(201);
  return (await res.json()) as {
    athlete: { id: number };
    access_token: string;
    refresh_token: string;
    expires_at: number;
  };
}

async function signUp(request: APIRequestContext) {
  const email = `runner-${randomUUID()}@example.com`;
  const res = await request.post('/api/auth/signup', { data: { email, password: 'Secret123' } });
  expect(res.status()).toBe(201);
  return { ...((await res.json()) as { user: { id: string } }).user, email };
}

/** An account made through the API, then signed in on /login as a runner would, so the app knows them. */
async function signInInBrowser(page: Page) {
  const user = await signUp(page.request);
  await page.request.post('/api/auth/signout', { data: {} });
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

test('the landing page shows a Strava error and removes it from the address bar', async ({ page }) => {
  await page.goto('/?strava_error=access_denied');
  await expect(page.getByText('Strava Connection Failed')).toBeVisible();
  await expect(page.getByText('Error: Strava access was not granted. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a Strava return for a visitor who is not signed in asks them to log in', async ({ page }) => {
  await page.goto('/?strava_connected=true&strava_athlete_id=1');
  await expect(
    page.getByText('Your Strava account has been connected successfully! Please log in to complete the setup.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('Strava tokens in the address bar are never read or sent anywhere', async ({ page }) => {
  await signInInBrowser(page);
  const seeded = await seedAthlete(page.request, 4);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/fitness/strava/')) sent.push(request.url());
  });
  const params = new URLSearchParams({
    strava_connected: 'true',
    strava_access_token: seeded.access_token,
    strava_refresh_token: seeded.refresh_token,
    strava_athlete_id: String(seeded.athlete.id),
    strava_expires_at: String(seeded.expires_at),
  });
  await page.goto(`/?${params}`);
  await expect(page).toHaveURL(/\/$/);
  // The tokens in the address bar prove nothing: the runner has no connected page, so the landing
  // page says what is true instead of "Strava Connected".
  await expect(page.getByText('Connection Error').first()).toBeVisible();
  await expect(page.getByText('Strava Connected')).toHaveCount(0);
  expect(sent).toEqual([]);
  // Nothing was stored: no Strava activities appear for the runner.
  expect(((await (await page.request.get('/api/activities?limit=200')).json()) as unknown[]).length).toBe(0);
});

async function createPage(request: APIRequestContext) {
  const urlSlug = `strava-${randomUUID().slice(0, 8)}`;
  const res = await request.post('/api/runner-profile', {
    data: {
      urlSlug,
      name: 'Jane Runner',
      marathonName: 'Chicago Marathon',
      marathonDate: '2027-10-10',
      goalHours: 3,
      goalMinutes: 45,
      description: 'Running for the kids.',
      donationPlatform: 'justgiving',
      justGivingPageShortName: 'jane-runs',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { profile: { id: string; urlSlug: string } }).profile;
}

test('a runner who cancels on Strava’s consent page lands on the notice, with a way to connect again', async ({
  page,
}) => {
  await signInInBrowser(page);
  const runnerPage = await createPage(page.request);
  await seedAthlete(page.request, 1);

  await page.goto(`/${runnerPage.urlSlug}/fitness`);
  await page.getByRole('button', { name: 'Connect with Strava' }).click();
  // Strava's (emulated) authorize page: the runner declines.
  await page.getByRole('link', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Strava Connection Failed')).toBeVisible();
  await expect(page.getByText('Error: Strava access was not granted. Please try again.')).toBeVisible();
  await page.getByRole('link', { name: 'Connect Strava Again' }).click();
  await expect(page).toHaveURL(new RegExp(`/${runnerPage.urlSlug}/fitness$`));
  await expect(page.getByRole('button', { name: 'Connect with Strava' })).toBeVisible();
});

test('a Strava return the server cannot complete shows the Connection Error, never an error body', async ({ page }) => {
  await signInInBrowser(page);
  await createPage(page.request);
  // A forged (or expired, or replayed) return, as a browser would follow it.
  await page.goto('/api/strava/callback?code=abc&state=forged&scope=read,activity:read_all');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Connection Error')).toBeVisible();
  await expect(page.getByText('Failed to save Strava connection. Please try again.')).toBeVisible();
  await expect(page.getByText('statusCode')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Connect Strava Again' })).toBeVisible();
});

test('a runner connects Strava on /{slug}/fitness, sets the training start date, syncs, adds a run and disconnects', async ({
  page,
}) => {
  // Two syncs each wait up to 15 s for their job (FITNESS_LIMITS.syncWaitMs) on a loaded machine.
  test.setTimeout(120_000);
  const runner = await signUp(page.request);
  const runnerPage = await createPage(page.request);
  const seeded = await seedAthlete(page.request, 6);

  await page.goto(`/${runnerPage.urlSlug}/fitness`);
  await page.getByRole('button', { name: 'Connect with Strava' }).click();
  // Strava's (emulated) authorize page: pick the seeded athlete, approve.
  await page.locator('#athlete_id').selectOption(String(seeded.athlete.id));
  await page.getByRole('button', { name: 'Authorize' }).click();

  await expect(page).toHaveURL(new RegExp(`/${runnerPage.urlSlug}/fitness\\?strava_connected=true$`));
  await expect(page.getByRole('heading', { name: 'Finish setting up Strava' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await expect(page.getByText('Please select a training start date')).toBeVisible();
  await page.getByLabel('Training start date').fill('2000-01-01');
  await page.getByLabel(/Show my Strava training/).check();
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await expect(page.getByRole('heading', { name: 'Finish setting up Strava' })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${runnerPage.urlSlug}/fitness$`));

  // The backfill lands; the list shows distance, pace and a link to Strava.
  const activities = page.getByRole('list', { name: 'Recent activities' }).getByRole('listitem');
  await expect(activities).toHaveCount(6, { timeout: 15_000 });
  // In the page's unit (miles by default), saying where the run came from.
  await expect(activities.first()).toContainText(/\d+\.\d{2} mi/);
  await expect(activities.first()).toContainText('via Strava');
  await expect(page.getByRole('link', { name: 'View on Strava' }).first()).toHaveAttribute(
    'href',
    /strava\.com\/activities\//,
  );
  await expect(page.getByText('Powered by Strava').first()).toBeVisible();

  const stats = await (await page.request.get(`/api/training-stats/${runnerPage.id}`)).json();
  expect(stats).toMatchObject({ trainingStartDate: '2000-01-01', includesStravaData: true });

  // A sync waits for its job up to 15 s; one still queued behind the backfill answers "pending"
  // (no toast), and the runner presses again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('Activities Synced')).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 60_000 });

  // The runner page shows the Strava figures with attribution, the history 5 a page, and syncs.
  await page.goto(`/${runnerPage.urlSlug}`);
  await expect(page.getByTestId('stat-Miles Trained')).toHaveText(/^\d+\.\d/);
  await expect(page.getByTestId('stat-Average Pace')).toHaveText(/^\d+:\d{2} \/mi$/);
  const runs = (await (
    await page.request.get(`/api/activities?userId=${runner.id}&limit=200&type=run`)
  ).json()) as unknown[];
  expect(runs.length).toBeGreaterThan(0);
  await expect(page.getByRole('list', { name: 'Runs' }).getByRole('listitem')).toHaveCount(Math.min(5, runs.length));
  await expect(page.getByText('Powered by Strava').first()).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect(page.getByText('Activities Synced').first()).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 60_000 });
  await page.goto(`/${runnerPage.urlSlug}/fitness`);

  await page.getByLabel('Date').fill('2026-01-10');
  await page.getByLabel('Distance (mi)').fill('5');
  await page.getByLabel('minutes').fill('25');
  await page.getByRole('button', { name: 'Add run' }).click();
  await expect(activities).toHaveCount(7);

  await page.getByRole('button', { name: 'Disconnect Strava' }).click();
  await expect(page.getByRole('button', { name: 'Connect with Strava' })).toBeVisible();
  // Only the run entered by hand stays.
  await expect(activities).toHaveCount(1);
});

test('another signed-in user cannot manage a runner’s training data', async ({ browser }) => {
  // A published page: an unpublished one is not found at all for anyone but its runner.
  const runner = await ownerWithPublishedPage(browser);
  const runnerPage = { urlSlug: runner.slug };
  const other = await browser.newContext();
  await signUp(other.request);
  const otherPage = await other.newPage();
  await otherPage.goto(`/${runnerPage.urlSlug}/fitness`);
  await expect(otherPage.getByText('Only the runner of this page can manage its training data.')).toBeVisible();
  // Refused (403 in fitness), and sent to the landing page's notice rather than shown an error body.
  const res = await other.request.get(`/api/strava/auth?profileSlug=${runnerPage.urlSlug}`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/?strava_error=invalid_request');
  await other.close();
  await runner.context.close();
});
