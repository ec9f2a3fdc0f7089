import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createPage, signedInContext, startTrial, unique, type TestUser } from './support/journeys';

// Charities: a charity's events manager starts its page from the dashboard and lands on its
// console; a runner names the charity on their page through the directory search, seeing what
// the charity will see; a visitor finds the runner on the charity's page; the manager finds the
// runner in the console and messages them. Axe on the form, the console and the public page.

test.use({ reducedMotion: 'reduce' });

interface Runner extends TestUser {
  context: BrowserContext;
  slug: string;
}

/** A new runner with one published hand-typed page (trial started). */
async function publishedRunner(browser: Browser, name: string): Promise<Runner> {
  const { context, user } = await signedInContext(browser);
  const page = await createPage(context.request, {
    urlSlug: unique('charity-e2e'),
    name,
    donationPlatform: 'haku',
    hakuDonationUrl: 'https://haku.example/rory',
    justGivingPageShortName: undefined,
    fundraisingGoal: 1000,
  });
  await startTrial(context, user.id, page.urlSlug);
  return { ...user, context, slug: page.urlSlug };
}

/** Waits for the page's code and data; nothing loading. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a charity starts its page, a runner names it on their page, a visitor sees them, and its staff message them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Rivers Trust ${unique('c').slice(-6)}`;
  const slug = unique('rivers');

  // The events manager starts the charity from the dashboard.
  const manager = await publishedRunner(browser, 'Mia Manager');
  const page = await manager.context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Start a charity page' }).click();
  await expect(page).toHaveURL(/\/charities\/new$/);
  await settle(page);
  await page.getByLabel('Charity name').fill(name);
  await page.getByLabel('Charity address').fill(slug);
  await page.getByLabel('Website').fill('https://rivers-trust.example.org');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Mission').fill('Clean rivers for everyone');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create the charity page' }).click();
  await expect(page).toHaveURL(new RegExp(`/charities/${slug}/console$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  // A runner names it on their page, seeing what the charity will see.
  const runner = await publishedRunner(browser, 'Rory Runner');
  const edit = await runner.context.newPage();
  await edit.goto(`/${runner.slug}/edit`);
  await settle(edit);
  await edit.getByLabel('Find your charity (optional)').fill(name);
  await edit.getByRole('button', { name: `Choose ${name}` }).click();
  await expect(edit.getByText('never sees your e-mail', { exact: false }).first()).toBeVisible();
  await expect(edit.getByRole('button', { name: `Leave ${name}` })).toBeVisible();
  const saved = edit.waitForResponse(
    (res) => res.url().includes('/api/runner-profile/') && res.request().method() === 'PUT',
  );
  await edit.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);

  // A visitor finds the runner on the charity's page (community keeps it from profiles' events).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await expect(async () => {
    await visitor.goto(`/charities/${slug}`);
    await expect(visitor.getByRole('link', { name: /Rory Runner/ }).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(visitor.getByRole('link', { name: 'Console' })).toHaveCount(0);
  await settle(visitor);
  await expectNoSeriousA11yViolations(visitor);

  // The manager finds the runner in the console and messages them.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Select Rory Runner' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await settle(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('checkbox', { name: 'Select Rory Runner' }).check();
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Training day on Saturday');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Join us at the river path at 9. Bring water!');
  await page.getByRole('button', { name: /^Send to 1 runner/ }).click();
  await expect(page.getByText(/Message queued for 1 runner/)).toBeVisible();

  await visitorContext.close();
  await manager.context.close();
  await runner.context.close();
});
