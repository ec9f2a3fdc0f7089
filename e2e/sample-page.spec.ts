import { expect, test, type Page, type Request } from '@playwright/test';
import { BASE } from './support/journeys';

// The sample runner page at /test-{name}: the real runner page from fixed data, read-only.

const SAMPLE_NOTICE = 'This is a sample page — donations and messages are turned off';

/** Every request the page makes to our own server. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(BASE)) requests.push(request);
  });
  return requests;
}

const apiCalls = (requests: Request[]) =>
  requests.filter((r) => new URL(r.url()).pathname.startsWith('/api/')).map((r) => `${r.method()} ${r.url()}`);

// The sample's totals follow the time of day (a donation every 45 minutes): the browser's clock says when.
const SAMPLE_MORNING = new Date('2026-11-22T10:00:00Z');

test('the sample shows a whole runner page, clearly marked, without loading a profile', async ({ page }) => {
  const requests = recordRequests(page);
  await page.clock.setFixedTime(SAMPLE_MORNING);
  await page.goto('/test-sample');

  await expect(page).toHaveTitle('Sample runner page · RunPledge');
  const banner = page.getByRole('complementary', { name: 'Sample page' });
  await expect(banner).toContainText('Every runner gets a page like this one.');
  await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
  await expect(page.getByText('Running the Chicago Marathon')).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Time until the race starts' });
  await expect(timer).toContainText('Days');
  expect(Number(await page.getByTestId('countdown-days').textContent())).toBeGreaterThanOrEqual(56);
  for (const heading of ['My Story', 'Fundraising Progress', 'Challenges', 'Training History', 'Share & Support']) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('funds-raised')).toHaveText('$2,045');
  await expect(page.getByText('44 donors')).toBeVisible();
  await expect(page.getByTestId('stat-Goal Time')).toHaveText('3h 55m');
  await expect(page.getByTestId('stat-Miles Trained')).toContainText(/\d+\.\d/);
  await expect(page.getByTestId('stat-Average Pace')).toHaveText(/\d+:\d{2} \/mi/);
  await expect(page.getByRole('button', { name: /^Choose This Challenge/ })).toHaveCount(5);
  await expect(page.getByText('Claimed by Alex')).toBeVisible();
  await expect(page.getByText('4 supporters have chosen this')).toBeVisible();
  await expect(page.getByText('Exclusive', { exact: true })).toHaveCount(3);

  // No owner tools, nothing to sign in to edit.
  for (const control of [
    page.getByRole('button', { name: 'Edit story' }),
    page.getByRole('button', { name: 'Add Challenge' }),
    page.getByRole('button', { name: 'Sync' }),
    page.getByRole('heading', { name: 'Training Data' }),
    page.getByRole('link', { name: 'Sign in to edit' }),
  ]) {
    await expect(control).toHaveCount(0);
  }
  expect(apiCalls(requests).filter((call) => !call.includes('/api/auth/'))).toEqual([]);
});

test("the sample's totals move while it is open, as a live page's do", async ({ page }) => {
  await page.clock.install({ time: SAMPLE_MORNING });
  await page.goto('/test-sample');
  await expect(page.getByTestId('funds-raised')).toHaveText('$2,045');

  // Four hours later the page has read its totals again: the donations of the afternoon are in.
  await page.clock.fastForward('04:00:00');
  await expect(page.getByTestId('funds-raised')).toHaveText('$2,195');
  await expect(page.getByText('49 donors')).toBeVisible();
  await expect(page.getByText('From JustGiving, updated 3 minutes ago')).toBeVisible();
});

test('the training history pages from the first five runs to the next five', async ({ page }) => {
  await page.goto('/test-sample');
  const runs = page.getByRole('list', { name: 'Runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(5);
  const firstPage = await runs.allTextContents();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await expect(runs).toHaveCount(5);
  expect(await runs.allTextContents()).not.toEqual(firstPage);

  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  expect(await runs.allTextContents()).toEqual(firstPage);
});

test('donating, choosing a challenge and sending encouragement explain the sample and post nothing', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto('/test-sample');
  const notifications = page.getByRole('region', { name: 'Notifications' });

  await page.getByRole('button', { name: 'Donate Now' }).first().click();
  await expect(notifications).toContainText(SAMPLE_NOTICE);
  await expect(notifications).toContainText('Donate Now takes supporters straight to your fundraising page');

  await page.getByRole('button', { name: /^Choose This Challenge\s?: Run a long run in a banana suit/ }).click();
  await expect(notifications).toContainText('opens your fundraising page with $250 filled in');

  // By keyboard: the dialog opens, checks what is typed, and gives focus back on closing.
  const open = page.getByRole('button', { name: 'Send Encouragement' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send Encouragement' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Your name').fill('Sam');
  await dialog.getByLabel('Message').fill('You have got this, Alex!');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(notifications).toContainText('messages like this one go straight to you');
  await expect(notifications).not.toContainText('Encouragement sent!');
  await expect(open).toBeFocused();

  expect(requests.filter((r) => r.method() !== 'GET').map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  expect(apiCalls(requests).filter((call) => !call.includes('/api/auth/'))).toEqual([]);
  // Nothing left the page either: no donation platform opened.
  expect(page.context().pages()).toHaveLength(1);
});

test('Create Your Page in the sample banner goes to the sign-up form', async ({ page }) => {
  await page.goto('/test-sample');
  await page
    .getByRole('complementary', { name: 'Sample page' })
    .getByRole('link', { name: 'Create Your Page' })
    .click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Continue to Account Creation' })).toBeVisible();
});

test('any /test- name shows the same sample and never echoes the name', async ({ page }) => {
  await page.goto('/test-anything');
  await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sample page' })).toBeVisible();

  await page.goto('/test-%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('onerror');
});
