import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createPage, mailLink, signedInContext, startTrial, unique, type TestUser } from './support/journeys';

// Charities: a charity's events manager starts its page from the dashboard and lands on its
// console, verifies it from the mailed link and invites a colleague, who joins from theirs; a
// runner names the charity on their page through the directory search on a phone, seeing what the
// charity will see; a visitor finds the runner on the charity's page, on a phone; the colleague
// finds the runner in the console, messages them and downloads the list; the manager buys two
// runner places through Stripe Checkout, gives one to the runner, makes them three in the billing
// portal and removes the colleague, who loses the console at once. Axe on the form, the console
// and the public page.

test.use({ reducedMotion: 'reduce' });

const PHONE = { width: 390, height: 844 };

interface Runner extends TestUser {
  context: BrowserContext;
  slug: string;
}

/** A new runner with one published hand-typed page (trial started). */
async function publishedRunner(
  browser: Browser,
  name: string,
  viewport?: { width: number; height: number },
): Promise<Runner> {
  const { context, user } = await signedInContext(browser, viewport ? { viewport } : {});
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

/** The console's "Runner places" figures (bought, given), read again until they are `expected`. */
async function expectPlaces(page: Page, bought: number, given: number) {
  await expect(async () => {
    await page.reload();
    const places = page.getByRole('region', { name: 'Runner places' });
    await expect(places.getByRole('definition').first()).toHaveText(String(bought), { timeout: 3_000 });
    await expect(places.getByRole('definition').nth(1)).toHaveText(String(given), { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
}

test('a charity starts its page and proves it, a runner names it, a visitor sees them, its staff message them, and it covers their place', async ({
  browser,
}) => {
  test.setTimeout(240_000);
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

  // It proves it is the charity: a link mailed to an address at its website's domain.
  const workAddress = `events-${unique('m').slice(-6)}@rivers-trust.example.org`;
  await page.getByLabel('Work e-mail address').fill(workAddress);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(`We sent a link to ${workAddress}.`)).toBeVisible();
  await expect.poll(() => mailLink(workAddress, '/charities/verify'), { timeout: 15_000 }).toBeTruthy();
  const verification = await manager.context.newPage();
  await verification.goto(mailLink(workAddress, '/charities/verify')!);
  await verification.getByRole('button', { name: 'Verify' }).click();
  await expect(verification.getByRole('heading', { level: 1 })).toHaveText(`${name} is verified`);
  await verification.close();

  // The manager invites a colleague, who accepts from the mailed link.
  const colleague = await signedInContext(browser);
  await page.reload();
  await page.getByLabel('E-mail address', { exact: true }).fill(colleague.user.email);
  await page.getByLabel('Role').selectOption({ label: 'Staff' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Staff members' })).toContainText(colleague.user.email);
  await expect.poll(() => mailLink(colleague.user.email, '/charities/invitations'), { timeout: 15_000 }).toBeTruthy();
  const staff = await colleague.context.newPage();
  await staff.goto(mailLink(colleague.user.email, '/charities/invitations')!);
  await staff.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`You joined ${name}`);

  // A runner names it on their page, seeing what the charity will see.
  const runner = await publishedRunner(browser, 'Rory Runner', PHONE);
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
  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await expect(async () => {
    await visitor.goto(`/charities/${slug}`);
    await expect(visitor.getByRole('link', { name: /Rory Runner/ }).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(visitor.getByText('Verified charity')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Console' })).toHaveCount(0);
  await settle(visitor);
  await expectNoSeriousA11yViolations(visitor);

  // The colleague finds the runner in the console and messages them.
  await staff.getByRole('link', { name: 'Open the charity’s page' }).click();
  await staff.getByRole('link', { name: 'Console' }).click();
  await expect(staff).toHaveURL(new RegExp(`/charities/${slug}/console$`));
  await expect(async () => {
    await staff.reload();
    await expect(staff.getByRole('checkbox', { name: 'Select Rory Runner' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await settle(staff);
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('checkbox', { name: 'Select Rory Runner' }).check();
  await staff.getByRole('textbox', { name: 'Subject', exact: true }).fill('Training day on Saturday');
  await staff
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Join us at the river path at 9. Bring water!');
  await staff.getByRole('button', { name: /^Send to 1 runner/ }).click();
  await expect(staff.getByText(/Message queued for 1 runner/)).toBeVisible();
  // The list as a CSV file: a header and the runner's row.
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8').split(/\r?\n/);
  expect(csv[0]).toMatch(/^name,page address,published,event,race date,/);
  expect(csv.find((line) => line.startsWith('Rory Runner,'))).toContain(`,${runner.slug},yes,`);

  // The manager buys two runner places through Stripe Checkout and gives one to the runner.
  await page.reload();
  await page.getByLabel('Places to buy').fill('2');
  await page.getByRole('button', { name: 'Buy places' }).click();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(new RegExp(`/charities/${slug}/console`));
  await expectPlaces(page, 2, 0);
  await page.getByLabel('Runner', { exact: true }).selectOption({ label: 'Rory Runner' });
  await page.getByRole('button', { name: 'Give a place' }).click();
  await expectPlaces(page, 2, 1);

  // More places in the billing portal: its quantity comes back through Stripe's webhook.
  await page.getByRole('button', { name: 'Change the number of places' }).click();
  await page.getByLabel('Quantity').fill('3');
  await page.getByRole('button', { name: 'Update quantity' }).click();
  await page.getByRole('link', { name: 'Return to RunPledge' }).click();
  await page.waitForURL(new RegExp(`/charities/${slug}/console`));
  await expectPlaces(page, 3, 1);

  // The manager removes the colleague, whose session loses the console at once.
  await page.getByRole('button', { name: `Remove ${colleague.user.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('list', { name: 'Staff members' })).not.toContainText(colleague.user.email);
  const { charity } = (await (await colleague.context.request.get(`/api/charities/${slug}`)).json()) as {
    charity: { id: string; isStaff: boolean };
  };
  expect(charity.isStaff).toBe(false);
  expect((await colleague.context.request.get(`/api/charities/${charity.id}/runners?page=1`)).status()).toBe(403);
  await staff.reload();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('This console is for the charity’s staff');

  await visitorContext.close();
  await colleague.context.close();
  await manager.context.close();
  await runner.context.close();
});
