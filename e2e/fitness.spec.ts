import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';

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
  const res = await request.post('/api/auth/signup', {
    data: { email: `runner-${randomUUID()}@example.com`, password: 'Secret123' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { user: { id: string } }).user;
}

test('the landing page shows a Strava error and removes it from the address bar', async ({ page }) => {
  await page.goto('/?strava_error=access_denied');
  await expect(page.getByText('Strava Connection Failed')).toBeVisible();
  await expect(page.getByText('Error: access_denied Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a Strava return for a visitor who is not signed in asks them to log in', async ({ page }) => {
  await page.goto('/?strava_connected=true&strava_athlete_id=1');
  await expect(
    page.getByText('Your Strava account has been connected successfully! Please log in to complete the setup.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in runner returning with Strava tokens has the connection saved, then syncs it', async ({ page }) => {
  const user = await signUp(page.request);
  const seeded = await seedAthlete(page.request, 4);
  const params = new URLSearchParams({
    strava_connected: 'true',
    strava_access_token: seeded.access_token,
    strava_refresh_token: seeded.refresh_token,
    strava_athlete_id: String(seeded.athlete.id),
    strava_expires_at: String(seeded.expires_at),
  });
  await page.goto(`/?${params}`);
  await expect(page.getByText('Your Strava account has been connected successfully!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The setup step's call, then a sync: the runs are there.
  const setup = await page.request.post('/api/fitness/strava/complete-setup', {
    data: { userId: user.id, trainingStartDate: '2000-01-01', publicDisplayConsent: true },
  });
  expect(setup.status()).toBe(200);
  await expect
    .poll(async () => ((await (await page.request.get('/api/activities?limit=200')).json()) as unknown[]).length, {
      timeout: 15_000,
    })
    .toBe(4);
  const sync = await page.request.post('/api/strava/sync', { data: { userId: user.id } });
  expect(await sync.json()).toEqual({ message: 'Activities Synced', synced: 0 });
});

test('bad tokens on the landing return give the Connection Error notice', async ({ page }) => {
  await signUp(page.request);
  await page.goto(
    '/?strava_connected=true&strava_access_token=a&strava_refresh_token=b&strava_athlete_id=1&strava_expires_at=1900000000',
  );
  await expect(page.getByText('Failed to save Strava connection. Please try again.')).toBeVisible();
});
