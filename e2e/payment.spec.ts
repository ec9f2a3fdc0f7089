import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

// Written by scripts/e2e-stack.mjs: the stack's environment (database, emulator address).
const stackInfo = () =>
  JSON.parse(readFileSync(`.runtime/e2e-stack-${process.env.E2E_PORT}.json`, 'utf8')) as {
    env: Record<string, string>;
  };

/** A new runner, signed in in this browser, with the /signup data saved as the real flow leaves it. */
async function signedInRunner(page: Page, slug = `runner-${randomUUID().slice(0, 8)}`) {
  const res = await page.request.post('/api/auth/signup', {
    data: { email: `${slug}@example.com`, password: 'Secret123' },
  });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  await page.goto('/payment');
  // As the sign-up screens leave it: the user saved for the auth provider, the form data for /payment.
  await page.evaluate(
    ({ urlSlug, signedUp }) => {
      localStorage.setItem('runpledge:user', JSON.stringify(signedUp));
      const entry = { value: { url_slug: urlSlug }, expiresAt: Date.now() + 30 * 60_000 };
      sessionStorage.setItem('runpledge:signup-form', JSON.stringify(entry));
    },
    { urlSlug: slug, signedUp: user },
  );
  await page.reload();
  return { slug, user };
}

const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event),
  );

async function applyCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Have a discount code?' }).click();
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
}

test('a runner starts the free trial through Checkout and lands on their page', async ({ page }) => {
  const { slug } = await signedInRunner(page);
  await expect(page.getByText('30 Days FREE')).toBeVisible();
  await expect(page.getByText('test mode')).toBeVisible();

  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await page.getByRole('button', { name: 'Start trial' }).click();

  await expect(page).toHaveURL(/\/payment\?success=true&session_id=cs_/);
  await expect(page.getByText('Payment Successful!').first()).toBeVisible();
  await expect(page.getByText(/free trial has started/).first()).toBeVisible();
  const check = await page.request.get('/api/subscription/check');
  expect(await check.json()).toMatchObject({ status: 'trialing', hasAccess: true });

  await expect(page).toHaveURL(new RegExp(`/${slug}$`), { timeout: 5_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('runpledge:signup-form'))).toBeNull();
  expect(await dataLayerEvents(page)).toEqual(expect.arrayContaining(['purchase']));
});

test('a lifetime code grants lifetime access at once and opens the page', async ({ page }) => {
  const code = `E2E${randomUUID().slice(0, 8)}`.toUpperCase();
  execFileSync(process.execPath, ['services/billing/dist/cli/lifetime-code.js', '--lifetime', code, '--max', '5'], {
    env: { ...process.env, ...stackInfo().env },
  });
  const { slug } = await signedInRunner(page);

  await applyCode(page, code.toLowerCase());
  await expect(page.getByText('Lifetime Access Granted!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`), { timeout: 5_000 });
  expect(await (await page.request.get('/api/subscription/check')).json()).toMatchObject({
    status: 'lifetime',
    lifetimeAccess: true,
  });
  expect(await dataLayerEvents(page)).toEqual(
    expect.arrayContaining(['begin_checkout', 'discount_code_applied', 'purchase']),
  );
});

test('an unknown discount code shows the error and stays on /payment', async ({ page }) => {
  await signedInRunner(page);
  await applyCode(page, 'NO-SUCH-CODE');
  await expect(page.getByText('Payment Error')).toBeVisible();
  await expect(page.getByLabel('Discount code')).toHaveAccessibleDescription('Invalid discount code');
  await expect(page).toHaveURL(/\/payment$/);
});

test('canceling on Checkout comes back to the canceled notice', async ({ page }) => {
  await signedInRunner(page);
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment\?canceled=true$/);
  await expect(page.getByText('Your payment was canceled. You can try again anytime.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
});

test('a visitor who is not signed in is asked to sign in first', async ({ page }) => {
  await page.goto('/payment');
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpayment|\/login\?redirect=\/payment/);
});

test('/payment reads well at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/payment');
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('after the trial starts the runner lands on their page, live for visitors too', async ({ page, browser }) => {
  const { slug } = await signedInRunner(page);
  const created = await page.request.post('/api/runner-profile', {
    data: {
      urlSlug: slug,
      name: 'Paula Live',
      marathonName: 'Boston Marathon',
      marathonDate: '2027-04-19',
      goalHours: 3,
      goalMinutes: 30,
      description: 'Running Boston for the children’s hospital.',
      donationPlatform: 'other',
      charityLink: 'https://charity.example.org/donate',
    },
  });
  expect(created.status()).toBe(201);
  // Before paying, the page does not exist for visitors.
  const visitor = await browser.newPage();
  await visitor.goto(`/${slug}`);
  await expect(visitor.getByRole('heading', { name: 'Runner Not Found' })).toBeVisible();

  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_/);
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByText('Payment Successful!').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${slug}$`), { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Paula Live' })).toBeVisible();
  await expect(page.getByText(/Your page isn't live yet/)).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Paula Live' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Runner Not Found' })).toHaveCount(0);
  await visitor.close();
});
