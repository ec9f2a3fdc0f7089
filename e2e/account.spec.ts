import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  BASE,
  createPage,
  mailLink,
  PASSWORD,
  SAME_ORIGIN,
  signedInContext,
  startTrial,
  unique,
} from './support/journeys';

// The runner's account against the whole stack: recovering a password, the settings page, the
// dashboard's panels and the shared header.

const mailed = async (email: string, path: string) => {
  let link: string | undefined;
  await expect.poll(() => (link = mailLink(email, path)), { timeout: 10_000 }).toBeTruthy();
  return link!;
};

test('a runner who forgot the password resets it by e-mail, and every old session ends', async ({ browser }) => {
  const { context: signedIn, user } = await signedInContext(browser);
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(`${BASE}/forgot-password`);
  await expect(page).toHaveTitle('Forgot password · RunPledge');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${user.email}`);

  await page.goto(await mailed(user.email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('BrandNew2028');
  await page.getByLabel('Repeat the new password').fill('BrandNew2028');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(`${BASE}/login`);
  await expect(page.getByText('Sign in with your new password.')).toBeVisible();

  // The browser that was signed in before is signed out; the new password works, the old one not.
  expect((await signedIn.request.get('/api/auth/me')).status()).toBe(401);
  const old = await context.request.post('/api/auth/signin', {
    headers: SAME_ORIGIN,
    data: { email: user.email, password: PASSWORD },
  });
  expect(old.status()).toBe(401);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('BrandNew2028');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${BASE}/dashboard`);

  // The link works once.
  await page.goto(mailLink(user.email, '/reset-password')!);
  await page.getByLabel('New password', { exact: true }).fill('Another2029');
  await page.getByLabel('Repeat the new password').fill('Another2029');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  await context.close();
  await signedIn.close();
});

test('the dashboard shows the header, the subscription and each page’s state and links', async ({ browser }) => {
  const { context, user } = await signedInContext(browser);
  const profile = await createPage(context.request, { urlSlug: unique('panel'), name: 'Panel Runner' });
  await startTrial(context, user.id, profile.urlSlug);
  const page = await context.newPage();
  await page.goto('/dashboard');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  const subscription = page.getByRole('region', { name: 'Your subscription' });
  await expect(subscription).toContainText(/Free trial: (29|30) days left/);
  await expect(subscription).toContainText('Your first charge of $5.00 is on');
  await expect(subscription).toContainText('If your subscription lapses, your pages are hidden from visitors');
  await expect(subscription.getByRole('button', { name: 'Manage billing' })).toBeVisible();

  const card = page.getByRole('list', { name: 'Your pages' }).getByRole('article').filter({ hasText: 'Panel Runner' });
  await expect(card).toContainText('Published');
  await expect(card).toContainText('$0 raised');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(card).toContainText('Strava not connected');
  await expect(card.getByRole('link', { name: /Fitness/ })).toHaveAttribute('href', `/${profile.urlSlug}/fitness`);

  // The same header on the inner pages, with the account menu.
  await card.getByRole('link', { name: /Fitness/ }).click();
  await expect(page).toHaveURL(`${BASE}/${profile.urlSlug}/fitness`);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account/ })
    .click();
  await page.getByRole('banner').getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(`${BASE}/settings#billing`);
  await expect(page.getByRole('region', { name: 'Billing' })).toContainText('Free trial');
  await context.close();
});

test('settings: change the e-mail by a confirmed link, download the data, then delete the account', async ({
  browser,
}) => {
  const { context, user } = await signedInContext(browser);
  const profile = await createPage(context.request, { urlSlug: unique('leaving'), name: 'Leaving Runner' });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account/ })
    .click();
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`${BASE}/settings`);
  await expect(page).toHaveTitle('Account settings · RunPledge');

  // E-mail: the password is checked, then the new address confirms.
  const email = page.getByRole('region', { name: 'E-mail' });
  const newEmail = `${unique('moved')}@example.com`;
  await email.getByLabel('New e-mail').fill(newEmail);
  await email.getByLabel('Current password').fill('NotMyPassword1');
  await email.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(email).toContainText('Your password is incorrect.');
  await email.getByLabel('Current password').fill(PASSWORD);
  await email.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(email.getByRole('status')).toContainText(`We sent a confirmation link to ${newEmail}`);
  await page.goto(await mailed(newEmail, '/auth/confirm'));
  await expect(page).toHaveURL(`${BASE}/settings`);
  await expect(page.getByText(`Your e-mail is now ${newEmail}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail' })).toContainText(`Your e-mail is ${newEmail}.`);

  // Export: a JSON file with what we hold.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^runpledge-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.identity.user.email).toBe(newEmail);
  expect(data.profiles.pages[0].urlSlug).toBe(profile.urlSlug);

  // Delete: the password confirms; then the page is gone and sign-in fails.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('NotMyPassword1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toContainText('Your password is incorrect.');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect
    .poll(async () => (await context.request.get(`/api/runner-profile/${profile.urlSlug}`)).status(), {
      timeout: 15_000,
    })
    .toBe(404);
  const signIn = await context.request.post('/api/auth/signin', {
    headers: SAME_ORIGIN,
    data: { email: newEmail, password: PASSWORD },
  });
  expect(signIn.status()).toBe(401);
  expect(user.email).not.toBe(newEmail);
  await context.close();
});

test('a run entered by hand is deleted from /{slug}/fitness after confirming', async ({ browser }) => {
  const { context } = await signedInContext(browser);
  const profile = await createPage(context.request, { urlSlug: unique('runs') });
  for (const name of ['Keep this run', 'Wrong run']) {
    const added = await context.request.post('/api/activities', {
      headers: SAME_ORIGIN,
      data: { name, date: '2026-01-02', distanceKm: 10, durationSeconds: 3600 },
    });
    expect(added.status()).toBe(201);
  }
  const page = await context.newPage();
  await page.goto(`/${profile.urlSlug}/fitness`);

  const runs = page.getByRole('list', { name: 'Recent activities' }).getByRole('listitem');
  await expect(runs).toHaveCount(2);
  await runs
    .filter({ hasText: 'Wrong run' })
    .getByRole('button', { name: /Delete/ })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this run?' });
  await expect(confirm).toContainText('"Wrong run" will be removed from your training history and stats.');
  await confirm.getByRole('button', { name: 'Delete run' }).click();
  await expect(page.getByText('Run deleted')).toBeVisible();
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText('Keep this run');
  const own = (await (await context.request.get('/api/activities')).json()) as { name: string }[];
  expect(own.map((a) => a.name)).toEqual(['Keep this run']);
  await context.close();
});
