import { expect, test, type Page } from '@playwright/test';
import { BASE, ownerWithPublishedPage } from './support/journeys';

// Supporters choose challenges on a published page; what one does, another browser sees.

const challengeItem = (page: Page, description: string) =>
  page.getByRole('list', { name: 'Challenges' }).getByRole('listitem').filter({ hasText: description });

async function claim(page: Page, description: string, name: string) {
  await challengeItem(page, description)
    .getByRole('button', { name: /^Choose This Challenge/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Choose This Challenge' });
  await dialog.getByLabel('Your name').fill(name);
  await dialog.getByLabel('Message (optional)').fill('Go Jane!');
  await dialog.getByRole('button', { name: 'Choose and donate' }).click();
  return page.getByRole('dialog', { name: 'Thank you!' });
}

test.describe('challenge claims', () => {
  let owner: Awaited<ReturnType<typeof ownerWithPublishedPage>>;
  let slug: string;

  test.beforeAll(async ({ browser }) => {
    owner = await ownerWithPublishedPage(browser);
    slug = owner.slug;
  });

  test.afterAll(async () => {
    await owner?.context.close();
  });

  test('an exclusive challenge claimed in one browser shows as claimed in another', async ({ browser }) => {
    const alex = await browser.newContext({ baseURL: BASE });
    const other = await browser.newContext({ baseURL: BASE });
    const first = await alex.newPage();
    const second = await other.newPage();
    await Promise.all([first.goto(`/${slug}`), second.goto(`/${slug}`)]);
    await expect(challengeItem(second, 'Long run in a banana suit').getByRole('button')).toBeVisible();

    const thanks = await claim(first, 'Long run in a banana suit', 'Alex');
    const donate = thanks.getByRole('link', { name: /Donate \$250/ });
    await expect(donate).toHaveAttribute('href', 'https://www.justgiving.com/fundraising/jane-runs?amount=250.00');
    await expect(donate).toHaveAttribute('target', '_blank');
    await thanks.getByRole('button', { name: 'Close' }).click();
    await expect(challengeItem(first, 'Long run in a banana suit')).toContainText('Claimed by Alex');

    // The other supporter's page, loaded before the claim, learns of it on reload.
    await second.reload();
    const taken = challengeItem(second, 'Long run in a banana suit');
    await expect(taken).toContainText('Claimed by Alex');
    await expect(taken.getByRole('button', { name: /^Choose This Challenge/ })).toHaveCount(0);

    // The owner finds it on the dashboard.
    const dashboard = await owner.context.newPage();
    await dashboard.goto('/dashboard');
    await expect(dashboard.getByRole('list', { name: 'Challenge claims' })).toContainText(
      'Alex chose $250: Long run in a banana suit',
    );
    await dashboard.close();
    await alex.close();
    await other.close();
  });

  test('a multiple challenge counts each supporter who chooses it', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    await page.goto(`/${slug}`);
    const item = challengeItem(page, 'Pick a song for my playlist');
    await expect(item.getByTestId('challenge-claim-count')).toHaveCount(0);

    await (await claim(page, 'Pick a song for my playlist', 'Ann')).getByRole('button', { name: 'Close' }).click();
    await expect(item.getByTestId('challenge-claim-count')).toHaveText('1 supporter has chosen this');
    await (await claim(page, 'Pick a song for my playlist', 'Ben')).getByRole('button', { name: 'Close' }).click();
    await expect(item.getByTestId('challenge-claim-count')).toHaveText('2 supporters have chosen this');
    // Still open to more.
    await expect(item.getByRole('button', { name: /^Choose This Challenge/ })).toBeVisible();
    await context.close();
  });
});
