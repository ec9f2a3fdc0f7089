import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillSignupDetails, mailLink, nextYear } from './support/journeys';

const PASSWORD = 'Marathon2026';

function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

const funnelSteps = (page: Page) =>
  page.evaluate(() =>
    (
      (window as unknown as { dataLayer?: Array<{ event?: string; step?: string; step_number?: number }> }).dataLayer ??
      []
    )
      .filter((entry) => entry.event === 'funnel_step')
      .map((entry) => [entry.step_number, entry.step]),
  );
const submit = (page: Page) => page.getByRole('button', { name: 'Continue to Account Creation' }).click();
const challengeRows = (page: Page) => page.getByTestId('challenge-row');
const descriptions = (page: Page) =>
  challengeRows(page)
    .getByLabel('Description')
    .evaluateAll((fields) => fields.map((f) => (f as HTMLTextAreaElement).value));

async function addChallenge(page: Page, amount: string, description: string, exclusive = false) {
  await page.getByRole('button', { name: 'Add challenge' }).click();
  const row = challengeRows(page).last();
  await row.getByLabel('Amount ($)').fill(amount);
  await row.getByLabel('Description').fill(description);
  if (exclusive) await row.getByText('Exclusive', { exact: true }).click();
}

/** Drags one handle onto another with the mouse, in small steps as a person would. */
async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 10, { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

/**
 * Moves a challenge with the keyboard: Space on its handle, arrow keys, then `drop` to drop or
 * Escape to cancel. Each step waits for the screen reader announcement, as the sensor listens for
 * the arrow keys only once the pick-up has been handled.
 */
async function moveWithKeyboard(
  page: Page,
  position: number,
  keys: Array<'ArrowUp' | 'ArrowDown'>,
  drop: 'Space' | 'Enter' | 'Escape' = 'Space',
) {
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: `Reorder challenge ${position}` }).focus();
  await page.keyboard.press('Space');
  await expect(announcement).toContainText(`Picked up challenge ${position} of`);
  // dnd-kit starts listening for the arrow keys in a setTimeout after pick-up; a timer queued
  // now in the page runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  let over = position;
  for (const key of keys) {
    await page.keyboard.press(key);
    over += key === 'ArrowDown' ? 1 : -1;
    await expect(announcement).toContainText(`is over position ${over} of`);
  }
  await page.keyboard.press(drop);
  await expect(announcement).toContainText(drop === 'Escape' ? 'Reordering cancelled' : 'dropped at position');
}

/** The verification link of the e-mail sent to `email`, from the outbox of the test stack. */
const confirmationPath = (email: string): string | undefined => {
  const link = mailLink(email, '/auth/confirm');
  return link?.endsWith('&type=signup') ? link : undefined;
};

test.describe('/signup', () => {
  test('shows each validation message of spec 5 and saves nothing while one remains', async ({ page }) => {
    await page.goto('/signup');

    await submit(page);
    for (const message of [
      'Your name is required',
      'Marathon name is required',
      'Please select a marathon date.',
      'Please select a donation platform.',
      'Story cannot be empty',
      'Please choose a page address',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Your Name')).toBeFocused();

    await fillSignupDetails(page, unique('valid'));
    await page.getByLabel('Donation Platform').selectOption('haku');
    await submit(page);
    await expect(page.getByText('Please enter your Haku fundraising page URL.')).toBeVisible();
    await expect(page.getByLabel('Haku fundraising page URL')).toBeFocused();

    await page.getByLabel('Donation Platform').selectOption('donordrive');
    await submit(page);
    await expect(page.getByText('Please enter your DonorDrive event URL.')).toBeVisible();
    await page.getByLabel('DonorDrive event URL').fill('https://event.donordrive.example');
    await submit(page);
    await expect(page.getByText('Please enter your DonorDrive participant ID.')).toBeVisible();

    await page.getByLabel('Donation Platform').selectOption('justgiving');
    await page.getByLabel('JustGiving page short name').fill('');
    await submit(page);
    await expect(page.getByText('Please enter your JustGiving page short name.')).toBeVisible();

    await page.getByLabel('JustGiving page short name').fill('jane-runs');
    await page.getByLabel('Marathon Date').fill('2020-01-01');
    await submit(page);
    await expect(page.getByText('The marathon date cannot be in the past.')).toBeVisible();

    await page.getByLabel('Page address').fill('dashboard');
    await expect(page.getByText('This page address is reserved. Please choose another.')).toBeVisible();

    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => sessionStorage.getItem('runpledge:signup-form'))).toBeNull();
  });

  test('keeps number fields in range, forces the address to lowercase and offers Classy as Coming Soon', async ({
    page,
  }) => {
    await page.goto('/signup');

    await expect(page.getByRole('option', { name: 'Classy (Coming Soon)' })).toBeDisabled();
    await expect(page.getByLabel('Marathon Date')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);

    await page.getByLabel('Hours').pressSequentially('25');
    await expect(page.getByLabel('Hours')).toHaveValue('2');
    await page.getByLabel('Minutes').fill('30');
    await page.getByLabel('Minutes').fill('-7');
    await expect(page.getByLabel('Minutes')).toHaveValue('30');
    await page.getByLabel('Minutes').fill('60');
    await expect(page.getByLabel('Minutes')).toHaveValue('30');

    await page.getByLabel('Page address').fill('Jane Runs_Chicago!');
    await expect(page.getByLabel('Page address')).toHaveValue('janerunschicago');
    await expect(page.getByText(/\/janerunschicago\. Lowercase letters/)).toBeVisible();
  });

  test('reorders challenges by mouse drag and by keyboard', async ({ page }) => {
    // Tall enough to show every row, so the drag needs no scrolling.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto('/signup');
    await addChallenge(page, '25', 'Pick a song for my race playlist');
    await addChallenge(page, '50', 'Run a mile in a banana suit');
    await addChallenge(page, '100', 'Cross the finish line on a video call', true);
    expect(await descriptions(page)).toEqual([
      'Pick a song for my race playlist',
      'Run a mile in a banana suit',
      'Cross the finish line on a video call',
    ]);

    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Reorder challenge 3' }),
      page.getByRole('button', { name: 'Reorder challenge 1' }),
    );
    await expect
      .poll(() => descriptions(page))
      .toEqual([
        'Cross the finish line on a video call',
        'Pick a song for my race playlist',
        'Run a mile in a banana suit',
      ]);

    await moveWithKeyboard(page, 1, ['ArrowDown', 'ArrowDown']);
    await expect
      .poll(() => descriptions(page))
      .toEqual([
        'Pick a song for my race playlist',
        'Run a mile in a banana suit',
        'Cross the finish line on a video call',
      ]);

    // Escape puts a picked-up challenge back where it was.
    await moveWithKeyboard(page, 2, ['ArrowUp'], 'Escape');
    await expect
      .poll(() => descriptions(page))
      .toEqual([
        'Pick a song for my race playlist',
        'Run a mile in a banana suit',
        'Cross the finish line on a video call',
      ]);

    await page.getByRole('button', { name: 'Delete challenge 2' }).click();
    expect(await descriptions(page)).toEqual([
      'Pick a song for my race playlist',
      'Cross the finish line on a video call',
    ]);
  });

  test('fits a 360 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/signup');
    await addChallenge(page, '25', 'Pick a song');

    await expect(page.getByRole('button', { name: 'Continue to Account Creation' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('/createaccount without saved details goes back to /signup', async ({ page }) => {
  await page.goto('/createaccount');

  await expect(page.getByText('Please complete the form first')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a runner fills /signup, reorders challenges, creates the account and lands on /payment with the page created', async ({
  page,
}) => {
  const slug = unique('jane');
  const email = `${slug}@example.com`;
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);

  await fillSignupDetails(page, slug);
  await expect(page.getByText('This address is available.')).toBeVisible();
  await addChallenge(page, '25', 'Pick a song for my race playlist');
  await addChallenge(page, '250', 'Long run in a banana suit', true);
  await addChallenge(page, '40.50', 'Your name on my bib');
  // The bib first (mouse), then the banana suit last (keyboard).
  await dragWithMouse(
    page,
    page.getByRole('button', { name: 'Reorder challenge 3' }),
    page.getByRole('button', { name: 'Reorder challenge 1' }),
  );
  await expect
    .poll(() => descriptions(page))
    .toEqual(['Your name on my bib', 'Pick a song for my race playlist', 'Long run in a banana suit']);
  await moveWithKeyboard(page, 3, ['ArrowUp'], 'Enter');
  await expect
    .poll(() => descriptions(page))
    .toEqual(['Your name on my bib', 'Long run in a banana suit', 'Pick a song for my race playlist']);
  await submit(page);

  await expect(page).toHaveURL(/\/createaccount$/);
  await expect(page.getByText(`/${slug}`)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account Created!')).toBeVisible();
  await expect(page.getByText('Your account has been created successfully. Redirecting to payment...')).toBeVisible();
  await expect(page.getByText('Profile Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 5000 });
  // The conversion funnel so far, in order, as an analytics tool reads it (docs/analytics.md).
  expect(await funnelSteps(page)).toEqual([
    [1, 'landing_cta_clicked'],
    [2, 'signup_details_completed'],
    [3, 'account_created'],
    [4, 'profile_created'],
  ]);

  const response = await page.request.get(`/api/runner-profile/${slug}`);
  expect(response.status()).toBe(200);
  const { profile } = await response.json();
  expect(profile).toMatchObject({
    urlSlug: slug,
    name: 'Jane Runner',
    marathonName: 'Chicago Marathon',
    marathonDate: nextYear(),
    goalHours: 3,
    goalMinutes: 45,
    donationPlatform: 'justgiving',
    justGivingPageShortName: 'jane-runs',
    isOwner: true,
  });
  expect(
    profile.fundraisingChallenges.map((c: { amount: number; description: string; isExclusive: boolean }) => [
      c.amount,
      c.description,
      c.isExclusive,
    ]),
  ).toEqual([
    [40.5, 'Your name on my bib', false],
    [250, 'Long run in a banana suit', true],
    [25, 'Pick a song for my race playlist', false],
  ]);

  // The e-mailed link, opened in the same tab: the page exists already, so it is not created twice.
  await expect.poll(() => confirmationPath(email)).toBeTruthy();
  await page.goto(confirmationPath(email)!);
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/);

  // The link works once.
  await page.goto(confirmationPath(email)!);
  await expect(page.getByText('Invalid Link')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('an existing account signs in on /createaccount and gets the page', async ({ page }) => {
  const slug = unique('kim');
  const email = `${slug}@example.com`;
  expect((await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } })).status()).toBe(201);
  await page.request.post('/api/auth/signout', { data: {} });

  await page.goto('/signup');
  await fillSignupDetails(page, slug);
  await submit(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account exists')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText('Profile Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 5000 });
  expect((await page.request.get(`/api/runner-profile/${slug}`)).status()).toBe(200);
});

test('an e-mail link with a bad token says "Invalid Link" and goes to /signup', async ({ page }) => {
  await page.goto('/auth/confirm?token=not-a-real-token&type=signup');

  await expect(page.getByText('Invalid Link')).toBeVisible();
  await expect(page.getByText('This confirmation link is invalid or has expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});
