import { expect, test, type BrowserContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createPage, signedInContext, startTrial, unique, type TestUser } from './support/journeys';

// Totals that move: a page on each donation platform, a donation made in the platform's emulator,
// the owner's "Refresh totals", and the bar, the donor count and the donor wall follow.

// Written by scripts/e2e-stack.mjs: the stack's environment (the emulators' addresses).
const stackEnv = () =>
  (
    JSON.parse(readFileSync(`.runtime/e2e-stack-${process.env.E2E_PORT}.json`, 'utf8')) as {
      env: Record<string, string>;
    }
  ).env;

async function emulator(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

test.describe('fundraising progress from the donation platforms', () => {
  let owner: { context: BrowserContext; user: TestUser };

  test.beforeAll(async ({ browser }) => {
    owner = await signedInContext(browser);
  });

  test.afterAll(async () => {
    await owner?.context.close();
  });

  /** The owner's pages go live with their first trial; a later page is live at once. */
  async function publish(urlSlug: string): Promise<void> {
    const check = await owner.context.request.get('/api/subscription/check');
    const { hasAccess } = (await check.json()) as { hasAccess: boolean };
    if (!hasAccess) await startTrial(owner.context, owner.user.id, urlSlug);
  }

  test('DonorDrive: a donation in the platform moves the bar and reaches the donor wall', async ({ browser }) => {
    const base = stackEnv().DONORDRIVE_BASE_URL!;
    const participant = await emulator(base, 'POST', '/_emulator/pages', { goal: 400 });
    const id = String(participant.participantID);
    await emulator(base, 'POST', `/_emulator/pages/${id}/donations`, { amount: 50, name: 'First Friend' });
    const { urlSlug } = await createPage(owner.context.request, {
      urlSlug: unique('dd'),
      donationPlatform: 'donordrive',
      donorDriveEventUrl: 'https://events.example.org/index.cfm?fuseaction=donorDrive.event&eventID=1',
      donorDriveParticipantId: id,
      fundraisingGoal: undefined,
    });
    await publish(urlSlug);

    const page = await owner.context.newPage();
    await page.goto(`/${urlSlug}`);
    // The goal comes from DonorDrive when the owner set none.
    await expect(page.getByTestId('funds-raised')).toHaveText('$50');
    await expect(page.getByTestId('fundraising-goal')).toHaveText('$400');
    await expect(page.getByRole('progressbar', { name: 'Fundraising progress' })).toHaveAttribute(
      'aria-valuenow',
      '13',
    );

    await emulator(base, 'POST', `/_emulator/pages/${id}/donations`, {
      amount: 150,
      name: 'Alex <b>Bold</b>',
      message: 'Run!',
    });
    await page.getByRole('button', { name: 'Refresh totals' }).click();
    await expect(page.getByTestId('funds-raised')).toHaveText('$200', { timeout: 20_000 });
    await expect(page.getByRole('progressbar', { name: 'Fundraising progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await expect(page.getByTestId('donor-count')).toHaveText('2 donors');
    await expect(page.getByTestId('totals-updated')).toContainText('From DonorDrive, updated');
    const wall = page.getByTestId('donor-wall');
    await expect(wall.getByText('Alex <b>Bold</b>')).toBeVisible();
    await expect(wall.getByRole('listitem').first()).toContainText('Run!');
    await expect(page.getByTestId('milestone-cheer')).toContainText('50% of the way');

    // A visitor sees the same, without the owner's controls.
    const visitor = await browser.newPage();
    await visitor.goto(`/${urlSlug}`);
    await expect(visitor.getByTestId('funds-raised')).toHaveText('$200');
    await expect(visitor.getByTestId('donor-wall').getByText('First Friend')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Refresh totals' })).toHaveCount(0);
    await visitor.close();
    await page.close();
  });

  test('JustGiving: pounds, an anonymous donor and a hidden amount', async () => {
    const base = stackEnv().JUSTGIVING_API_URL!;
    const shortName = unique('jg');
    await emulator(base, 'POST', '/_emulator/pages', { shortName, goal: 1000, currency: 'GBP' });
    const { urlSlug } = await createPage(owner.context.request, {
      urlSlug: unique('jg'),
      donationPlatform: 'justgiving',
      justGivingPageShortName: shortName,
      fundraisingGoal: 1000,
    });
    await publish(urlSlug);
    const page = await owner.context.newPage();
    await page.goto(`/${urlSlug}`);
    await expect(page.getByTestId('fundraising-goal')).toHaveText('£1,000', { timeout: 20_000 });

    await emulator(base, 'POST', `/_emulator/pages/${shortName}/donations`, { amount: 250 });
    await emulator(base, 'POST', `/_emulator/pages/${shortName}/donations`, {
      amount: 40,
      name: 'Pat',
      hideAmount: true,
    });
    await page.getByRole('button', { name: 'Refresh totals' }).click();
    await expect(page.getByTestId('funds-raised')).toHaveText('£290', { timeout: 20_000 });
    await expect(page.getByTestId('donor-count')).toHaveText('2 donors');
    const wall = page.getByTestId('donor-wall');
    await expect(wall.getByRole('listitem')).toHaveCount(2);
    await expect(wall.getByRole('listitem').first()).toContainText('Pat');
    await expect(wall.getByRole('listitem').first()).not.toContainText('£40');
    await expect(wall.getByRole('listitem').nth(1)).toContainText('Anonymous');
    await expect(wall.getByRole('listitem').nth(1)).toContainText('£250');
    await page.close();
  });

  test('Haku: the owner sets a goal inline and types raised and donors', async () => {
    const { urlSlug } = await createPage(owner.context.request, {
      urlSlug: unique('haku'),
      donationPlatform: 'haku',
      hakuDonationUrl: 'https://haku.example/jane',
      justGivingPageShortName: undefined,
      fundraisingGoal: undefined,
    });
    await publish(urlSlug);
    const page = await owner.context.newPage();
    await page.goto(`/${urlSlug}`);
    await expect(page.getByTestId('goal-prompt')).toBeVisible();
    await page.getByRole('button', { name: 'Set goal' }).click();
    await page.getByLabel(/Fundraising goal/).fill('2000');
    await page.getByLabel('Amount raised').fill('500');
    await page.getByLabel('Number of donors').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('funds-raised')).toHaveText('$500');
    await expect(page.getByTestId('fundraising-goal')).toHaveText('$2,000');
    await expect(page.getByTestId('donor-count')).toHaveText('9 donors');
    await expect(page.getByRole('button', { name: 'Refresh totals' })).toHaveCount(0);
    await page.close();
  });
});
