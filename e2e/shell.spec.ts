import { expect, test } from '@playwright/test';

test('the landing page loads with its hero and calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Marathon Fundraising Made');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await expect(page.getByText('Free for 30 days • Cancel anytime').first()).toBeVisible();
});

test('an unknown route shows the 404 page and Return to Home goes back to the landing page', async ({ page }) => {
  await page.goto('/this/route/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Marathon Fundraising Made');
});

test('every route of the product renders a titled page without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  for (const path of [
    '/login',
    '/signup',
    '/createaccount',
    '/payment',
    '/dashboard',
    '/auth/confirm',
    '/release-claim?token=not-a-real-token',
    '/jane-doe',
    '/jane-doe/fitness',
    '/test-sample',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page).toHaveTitle(/RunPledge/);
  }
  // The CSP (script-src 'self') must not block anything the app needs.
  expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
});

test('a page view reaches the analytics data layer on every path change', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  // The page view of a lazily loaded route lands once its code has arrived.
  await expect
    .poll(() =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
          .filter((e) => e.event === 'page_view')
          .map((e) => e.page_path),
      ),
    )
    .toEqual(['/', '/signup']);
});

test('the readiness endpoint is 200 with every service up', async ({ request }) => {
  const res = await request.get('/api/health/ready');
  expect(res.status()).toBe(200);
  expect((await res.json()).services).toEqual({
    identity: 'up',
    profiles: 'up',
    billing: 'up',
    fitness: 'up',
    community: 'up',
  });
});
