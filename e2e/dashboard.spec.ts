import { expect, test, type BrowserContext } from '@playwright/test';
import { BASE, createPage, signedInContext, unique } from './support/journeys';

// The runner's /dashboard against the whole stack; users and pages are made through the API.

const dashboardPage = (context: BrowserContext, name: string, marathonName: string) =>
  createPage(context.request, {
    urlSlug: unique('dash'),
    name,
    marathonName,
    marathonDate: '2099-04-20',
    goalHours: 4,
    goalMinutes: 0,
    description: 'Line one of a long story that goes on and on about training in the rain and the early mornings.',
    donationPlatform: 'other',
    justGivingPageShortName: undefined,
    charityLink: 'https://charity.example.org/give',
    challenges: [{ amount: 100, description: 'Beer mile', isExclusive: false }],
  }).then((profile) => profile.urlSlug);

test('a runner with no pages is offered Create Your First Page', async ({ browser }) => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: 'Your fundraising pages' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Your First Page' }).click();
  await expect(page).toHaveURL(`${BASE}/signup`);
  await context.close();
});

test('a runner sees a card per page, opens one and deletes another after confirming', async ({ browser }) => {
  const { context } = await signedInContext(browser);
  const bostonSlug = await dashboardPage(context, 'Jane in Boston', 'Boston Marathon');
  const berlinSlug = await dashboardPage(context, 'Jane in Berlin', 'Berlin Marathon');
  const page = await context.newPage();
  await page.goto('/dashboard');

  const cards = page.getByRole('list', { name: 'Your pages' }).getByRole('article');
  await expect(cards).toHaveCount(2);
  // Newest first.
  await expect(cards.first()).toContainText('Jane in Berlin');
  const boston = cards.filter({ hasText: 'Jane in Boston' });
  await expect(boston).toContainText(`/${bostonSlug}`);
  await expect(boston).toContainText('Boston Marathon');
  await expect(boston).toContainText('April 20, 2099');
  const view = boston.getByRole('link', { name: /View Page/ });
  await expect(view).toHaveAttribute('href', `/${bostonSlug}`);
  await expect(view).toHaveAttribute('target', '_blank');

  // Delete, cancelled first, then confirmed.
  await boston.getByRole('button', { name: /Delete/ }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Delete this page?' });
  await expect(confirm).toContainText('cannot be undone');
  await expect(confirm).toContainText('challenges');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(boston.getByRole('button', { name: /Delete/ })).toBeFocused();
  await expect(cards).toHaveCount(2);

  await boston.getByRole('button', { name: /Delete/ }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete this page?' });
  await confirm.getByRole('button', { name: 'Delete page' }).click();
  await expect(page.getByText('"Jane in Boston" has been deleted successfully')).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Your pages' })).toBeFocused();

  await page.reload();
  await expect(cards).toHaveCount(1);
  expect((await context.request.get(`/api/runner-profile/${bostonSlug}`)).status()).toBe(404);

  // Manage opens the page, where its owner has the controls.
  await cards
    .first()
    .getByRole('link', { name: /Manage/ })
    .click();
  await expect(page).toHaveURL(`${BASE}/${berlinSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane in Berlin' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit story' })).toBeVisible();
  await context.close();
});
