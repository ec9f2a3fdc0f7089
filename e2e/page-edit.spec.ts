import { expect, test } from '@playwright/test';
import { BASE, ownerWithPublishedPage, SAME_ORIGIN, signedInContext, createPage, unique } from './support/journeys';

// Issue #19: the owner edits every detail of a page from the dashboard, and a changed address
// keeps the old one leading to the page.

interface StoredChallenge {
  id: string;
  amount: number;
  description: string;
  isExclusive: boolean;
}

test('the owner edits every field, sees a validation message, moves the page, and the old address follows', async ({
  browser,
}) => {
  const { context, slug } = await ownerWithPublishedPage(browser);
  const before = (await (await context.request.get(`/api/runner-profile/${slug}`)).json()).profile as {
    fundraisingChallenges: StoredChallenge[];
  };
  const [banana] = before.fundraisingChallenges;
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Edit details/ }).click();
  await expect(page).toHaveURL(`${BASE}/${slug}/edit`);
  await expect(page).toHaveTitle('Edit page details · RunPledge');
  await expect(page.getByLabel('Your Name')).toHaveValue('Jane Runner');

  // The sign-up form's checks and words.
  await page.getByLabel('Your Name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your name is required')).toBeVisible();
  await expect(page.getByLabel('Your Name')).toBeFocused();

  const newSlug = unique('moved');
  await page.getByLabel('Your Name').fill('Janet Runner');
  await page.getByLabel('Marathon Name').fill('Berlin Marathon');
  await page.getByLabel('Marathon Date').fill('2099-09-27');
  await page.getByLabel('Hours').fill('4');
  await page.getByLabel('Minutes').fill('5');
  await page.getByLabel('Donation Platform').selectOption('donordrive');
  await page.getByLabel('DonorDrive event URL').fill('https://events.donordrive.example/berlin');
  await page.getByLabel('DonorDrive participant ID').fill('4242');
  await page.getByLabel('Fundraising goal (optional)').fill('2500');
  await page.getByLabel('Your Story').fill('Berlin this time, for the same hospital.');
  const challenges = page.getByRole('list', { name: 'Challenges' }).getByRole('listitem');
  await challenges.nth(0).getByLabel('Description').fill('Long run in a gorilla suit');
  await page.getByRole('button', { name: 'Delete challenge 2' }).click();
  await page.getByRole('button', { name: 'Add challenge' }).click();
  await challenges.nth(1).getByLabel('Amount ($)').fill('60');
  await challenges.nth(1).getByLabel('Description').fill('Finish with your name on my shirt');
  await page.getByLabel('Page address').fill(newSlug);
  await expect(page.getByText('This address is available.')).toBeVisible();
  await expect(page.getByText(`Links to /${slug} will keep working`)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page).toHaveURL(`${BASE}/${newSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Janet Runner');
  const after = (await (await context.request.get(`/api/runner-profile/${newSlug}`)).json()).profile;
  expect(after).toMatchObject({
    urlSlug: newSlug,
    name: 'Janet Runner',
    marathonName: 'Berlin Marathon',
    marathonDate: '2099-09-27',
    goalHours: 4,
    goalMinutes: 5,
    donationPlatform: 'donordrive',
    donorDriveEventUrl: 'https://events.donordrive.example/berlin',
    donorDriveParticipantId: '4242',
    fundraisingGoal: '2500.00',
    description: 'Berlin this time, for the same hospital.',
  });
  // The edited challenge kept its id (claims hang on it); the deleted one is gone, the new one last.
  expect(
    (after.fundraisingChallenges as StoredChallenge[]).map((c) => [c.id === banana!.id, c.amount, c.description]),
  ).toEqual([
    [true, 250, 'Long run in a gorilla suit'],
    [false, 60, 'Finish with your name on my shirt'],
  ]);

  // The old address, typed or followed from an old link, lands on the new one.
  await page.goto(`/${slug}`);
  await expect(page).toHaveURL(`${BASE}/${newSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Janet Runner');
  const old = await context.request.get(`/${slug}`, { maxRedirects: 0 });
  expect([old.status(), old.headers()['location']]).toEqual([301, `/${newSlug}`]);
  await context.close();
});

test("another runner's page has nothing to edit: the not-found view", async ({ browser }) => {
  const owner = await signedInContext(browser);
  const { id, urlSlug } = await createPage(owner.context.request);
  const other = await signedInContext(browser);
  const page = await other.context.newPage();
  await page.goto(`/${urlSlug}/edit`);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  const put = await other.context.request.put(`/api/runner-profile/${id}`, {
    headers: SAME_ORIGIN,
    data: { urlSlug: unique('stolen') },
  });
  expect(put.status()).toBe(403);
  expect((await owner.context.request.get(`/api/runner-profile/${urlSlug}`)).status()).toBe(200);
  await owner.context.close();
  await other.context.close();
});

test('a run entered by hand is edited from /{slug}/fitness; the list and stats follow', async ({ browser }) => {
  const { context } = await signedInContext(browser);
  const profile = await createPage(context.request, { urlSlug: unique('edit-run') });
  const added = await context.request.post('/api/activities', {
    headers: SAME_ORIGIN,
    data: { name: 'Tempo run', date: '2026-01-02', distanceKm: 10, durationSeconds: 3600 },
  });
  expect(added.status()).toBe(201);
  const page = await context.newPage();
  await page.goto(`/${profile.urlSlug}/fitness`);

  const run = page.getByRole('list', { name: 'Recent activities' }).getByRole('listitem');
  await expect(run).toHaveCount(1);
  // The page shows miles (its unit by default): the run and the form follow it.
  await expect(run).toContainText('6.21 mi');
  await run.getByRole('button', { name: /Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit run' });
  await expect(dialog.getByLabel('Distance (mi)')).toHaveValue('6.21');
  // The form's own check first, then a good change.
  await dialog.getByLabel('Distance (mi)').fill('0');
  await dialog.getByRole('button', { name: 'Save run' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Distance (mi)').fill('8');
  await dialog.getByLabel('minutes').fill('5');
  await dialog.getByRole('button', { name: 'Save run' }).click();
  await expect(page.getByText('Run updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(run).toContainText('8.00 mi');
  await expect(run).toContainText('Tempo run');
  const own = (await (await context.request.get('/api/activities')).json()) as {
    name: string;
    distanceMeters: number;
    durationSeconds: number;
  }[];
  expect(own.map((a) => [a.name, a.distanceMeters, a.durationSeconds])).toEqual([['Tempo run', 12874.8, 3900]]);
  await context.close();
});
