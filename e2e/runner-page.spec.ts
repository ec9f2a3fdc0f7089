import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { BASE, SAME_ORIGIN, createPage, signedInContext, startTrial, unique, type TestUser } from './support/journeys';

// Journeys on the public runner page at /{slug}, against the whole stack.

const ownerControls = (page: Page) => [
  page.getByRole('button', { name: 'Edit story' }),
  page.getByRole('button', { name: 'Add Challenge' }),
  page.getByRole('button', { name: /^Edit challenge/ }),
  page.getByRole('button', { name: /^Delete challenge/ }),
  page.getByRole('button', { name: /^Reorder challenge/ }),
  page.getByRole('button', { name: 'Sync' }),
  page.getByRole('heading', { name: 'Training Data' }),
  page.getByRole('heading', { name: 'Messages from Supporters' }),
];

test.describe('a published runner page', () => {
  let owner: { context: BrowserContext; user: TestUser };
  let slug: string;

  test.beforeAll(async ({ browser }) => {
    owner = await signedInContext(browser);
    slug = (await createPage(owner.context.request)).urlSlug;
    await startTrial(owner.context, owner.user.id, slug);
  });

  test.afterAll(async () => {
    await owner?.context.close();
  });

  test('a visitor sees every section, the countdown and the donate links', async ({ page }) => {
    await page.goto(`/${slug}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Jane Runner' })).toBeVisible();
    await expect(page.getByText('Running the Chicago Marathon')).toBeVisible();
    const timer = page.getByRole('timer', { name: 'Time until the race starts' });
    await expect(timer).toContainText('Days');
    await expect(timer).toContainText('Hours');
    await expect(timer).toContainText('Minutes');
    expect(Number(await page.getByTestId('countdown-days').textContent())).toBeGreaterThan(300);
    for (const heading of [
      'My Story',
      'Fundraising Progress',
      'Challenges',
      'Training History',
      'Share & Support',
      'Every Mile Matters',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Running for the children’s hospital')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Fundraising progress' })).toBeVisible();
    await expect(page.getByText(/\d+ donors?/)).toBeVisible();
    for (const label of ['Miles Trained', 'Goal Time', 'Average Pace']) {
      await expect(page.getByTestId(`stat-${label}`)).toBeVisible();
    }
    await expect(page.getByTestId('stat-Goal Time')).toHaveText('3h 45m');

    const donate = page.getByRole('link', { name: 'Donate Now' });
    await expect(donate).toHaveCount(2);
    await expect(donate.first()).toHaveAttribute('href', 'https://www.justgiving.com/fundraising/jane-runs');
    await expect(donate.first()).toHaveAttribute('target', '_blank');
    // Choosing a challenge first asks for a name (e2e/challenge-claims.spec.ts), then links on with the amount.
    await expect(page.getByRole('button', { name: /^Choose This Challenge/ })).toHaveCount(2);

    await expect(page.getByRole('link', { name: 'Sign in to edit' })).toBeVisible();
    for (const control of ownerControls(page)) await expect(control).toHaveCount(0);
  });

  test('a visitor sends encouragement and the owner reads it on the page', async ({ page }) => {
    await page.goto(`/${slug}`);
    await page.getByRole('button', { name: 'Send Encouragement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Encouragement' });
    await expect(dialog.getByLabel('Your name')).toBeFocused();

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByLabel('Your name')).toHaveAccessibleDescription('Please fill in all fields');
    await dialog.getByLabel('Your name').fill('Sam');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByLabel('Message')).toHaveAccessibleDescription('Both name and message are required');
    await expect(dialog.getByLabel('Message')).toBeFocused();

    const message = `You have got this! ${unique('msg')}`;
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Encouragement sent!')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Focus goes back to the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'Send Encouragement' })).toBeFocused();

    const ownerPage = await owner.context.newPage();
    await ownerPage.goto(`/${slug}`);
    const messages = ownerPage.getByRole('list', { name: 'Messages' });
    await expect(messages.getByText(message)).toBeVisible();
    await expect(messages).toContainText('Sam');
    await ownerPage.close();
  });

  test('another signed-in user sees no owner controls', async ({ browser }) => {
    const other = await signedInContext(browser);
    const page = await other.context.newPage();
    await page.goto(`/${slug}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Jane Runner' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose This Challenge/ }).first()).toBeVisible();
    for (const control of ownerControls(page)) await expect(control).toHaveCount(0);
    await other.context.close();
  });

  test("a visitor sees the runner's logged runs in the stats and the training history", async ({ page }) => {
    const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const logged = await owner.context.request.post('/api/activities', {
      headers: SAME_ORIGIN,
      data: { name: 'Tempo along the lake', date, distanceKm: 16.09344, durationSeconds: 5400 },
    });
    expect(logged.status()).toBe(201);

    await page.goto(`/${slug}`);
    const runs = page.getByRole('list', { name: 'Runs' });
    await expect(runs.getByRole('listitem').first()).toContainText('Tempo along the lake');
    await expect(runs.getByRole('listitem').first()).toContainText('10.00 mi · 1:30:00 · 9:00 /mi');
    await expect(page.getByTestId('stat-Miles Trained')).toContainText('10.0');
    await expect(page.getByTestId('stat-Average Pace')).not.toHaveText('TBD');
  });

  test('on a 360 px wide phone the page has no horizontal scroll', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/${slug}`);
    await expect(page.getByRole('heading', { name: 'Every Mile Matters' })).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await testInfo.attach('runner-page-360', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });

    // The owner's view, with a dialog open, fits too.
    await context.close();
    const ownerPage = await owner.context.newPage();
    await ownerPage.setViewportSize({ width: 360, height: 800 });
    await ownerPage.goto(`/${slug}`);
    await ownerPage.getByRole('button', { name: 'Add Challenge' }).click();
    await expect(ownerPage.getByRole('dialog', { name: 'Add Challenge' })).toBeVisible();
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ownerPage.close();
  });
});

test('the owner edits the story, adds, edits, reorders and deletes a challenge', async ({ browser }) => {
  const { context } = await signedInContext(browser);
  const { urlSlug: slug } = await createPage(context.request);
  const page = await context.newPage();
  await page.goto(`/${slug}`);

  // Not yet subscribed: the owner sees the page with the way to publish it.
  await expect(page.getByText("Your page isn't live yet.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/payment');

  // Story.
  await page.getByRole('button', { name: 'Edit story' }).click();
  const story = page.getByLabel('Your story');
  await story.fill('   ');
  await page.getByRole('button', { name: 'Save story' }).click();
  await expect(story).toHaveAccessibleDescription('Story cannot be empty');
  await expect(story).toBeFocused();
  await story.fill('Twenty-six miles for the kids, one training run at a time.');
  await page.getByRole('button', { name: 'Save story' }).click();
  await expect(page.getByText('Your story has been updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit story' })).toBeFocused();

  // Add.
  await page.getByRole('button', { name: 'Add Challenge' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Challenge' });
  await dialog.getByRole('button', { name: 'Add challenge' }).click();
  await expect(dialog.getByLabel('Amount ($)')).toHaveAccessibleDescription('Please fill in all fields');
  await expect(dialog.getByLabel('Amount ($)')).toBeFocused();
  await dialog.getByLabel('Amount ($)').fill('40');
  await dialog.getByLabel('Description').fill('Write your name on my arm on race day');
  await dialog.getByRole('button', { name: 'Add challenge' }).click();
  await expect(page.getByText('Challenge added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Challenges' });
  await expect(list.getByRole('listitem')).toHaveCount(3);

  // Edit.
  await page.getByRole('button', { name: 'Edit challenge $40: Write your name on my arm on race day' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Challenge' });
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('40');
  await dialog.getByLabel('Amount ($)').fill('45');
  await dialog.getByLabel('Description').fill('Write your name on my bib on race day');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Challenge updated successfully')).toBeVisible();
  await expect(list.getByRole('listitem').nth(2)).toContainText('$45');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Write your name on my bib on race day');

  // Reorder with the keyboard: the new challenge moves from last to first.
  const handle = page.getByRole('button', { name: 'Reorder challenge $45: Write your name on my bib on race day' });
  // Each step waits for the screen reader announcement of the move.
  const announcement = page.locator('[aria-live="assertive"]').filter({ hasText: 'position' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announcement).toContainText('position 3 of 3');
  // dnd-kit starts listening for the arrow keys in a setTimeout after pick-up; a timer queued
  // now in the page runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowUp');
  await expect(announcement).toContainText('moved to position 2 of 3');
  await page.keyboard.press('ArrowUp');
  await expect(announcement).toContainText('moved to position 1 of 3');
  await page.keyboard.press('Space');
  await expect(announcement).toContainText('dropped at position 1 of 3');
  await expect(list.getByRole('listitem').first()).toContainText('Write your name on my bib on race day');
  await expect
    .poll(async () => {
      const res = await context.request.get(`/api/runner-profile/${slug}`);
      const { profile } = (await res.json()) as { profile: { fundraisingChallenges: { amount: number }[] } };
      return profile.fundraisingChallenges.map((c) => c.amount);
    })
    .toEqual([45, 250, 25]);

  // Delete.
  await page.getByRole('button', { name: 'Delete challenge $25: Pick a song for my playlist' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this challenge?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete challenge' }).click();
  await expect(page.getByText('Challenge deleted successfully')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Add Challenge' })).toBeFocused();

  // All of it is stored.
  await page.reload();
  await expect(page.getByText('Twenty-six miles for the kids, one training run at a time.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('$45');
  await expect(list.getByRole('listitem').nth(1)).toContainText('$250');
  await expect(page.getByRole('link', { name: 'Manage Training Data' })).toHaveAttribute('href', `/${slug}/fitness`);

  // Signing out on the page takes the owner controls away with the session.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in to edit' })).toBeVisible();
  // Not published: once signed out, the page is not found like any unknown address.
  await expect(page.getByRole('heading', { level: 1, name: 'Runner Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit story' })).toHaveCount(0);
  await context.close();
});

test('visitors find no page that is not live yet, not even its name', async ({ browser, page }) => {
  const { context } = await signedInContext(browser);
  const { urlSlug: slug } = await createPage(context.request, { name: 'Nadia Notlive' });
  await context.close();

  await page.goto(`/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Runner Not Found' })).toBeVisible();
  await expect(page.getByText('Nadia Notlive')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Donate Now' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Story' })).toHaveCount(0);
});

test('an unknown page shows Runner Not Found with a way home', async ({ page }) => {
  await page.goto(`/${unique('nobody')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Runner Not Found' })).toBeVisible();
  await expect(page.getByText('Profile Not Found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
});
