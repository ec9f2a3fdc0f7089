import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BASE, PASSWORD, createPage, fillSignupDetails, signedInContext, startTrial, unique } from './support/journeys';

// Events: two runners name one race typed differently; a third signs up on a phone choosing it
// from the marathon field's suggestions (which bring its day); a visitor on a phone goes from a
// runner's page to the event page, finds all three there and one by name, axe clean.

test.use({ reducedMotion: 'reduce' });

const PHONE = { width: 390, height: 844 };

/** A day well ahead, as YYYY-MM-DD. */
const raceDay = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);

test('runners typing one race differently or choosing it at sign-up share its event page, linked from their pages', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const town = unique('Harbourtown').replace(/[^A-Za-z]/g, '');
  const runners = [];
  for (const [name, marathonName] of [
    ['Erin Event', `${town} City Marathon`],
    ['Theo Typed', `${town.toLowerCase()} city marathon ${raceDay.slice(0, 4)}`],
  ]) {
    const { context, user } = await signedInContext(browser);
    const page = await createPage(context.request, {
      urlSlug: unique('event-e2e'),
      name,
      marathonName,
      marathonDate: raceDay,
      donationPlatform: 'haku',
      hakuDonationUrl: 'https://haku.example/jane',
      justGivingPageShortName: undefined,
      fundraisingGoal: 1000,
    });
    await startTrial(context, user.id, page.urlSlug);
    runners.push({ context, slug: page.urlSlug as string, name });
  }

  // A third runner signs up on a phone and chooses the race from the suggestions, which bring its day.
  const joiner = await browser.newContext({ baseURL: BASE, viewport: PHONE });
  const form = await joiner.newPage();
  await form.goto('/signup');
  const joinerSlug = unique('event-signup');
  await fillSignupDetails(form, joinerSlug);
  await form.getByLabel('Marathon Date').fill('');
  await form.getByLabel('Marathon Name').fill(`${town} City`);
  const suggestion = form.locator('#marathon-suggestions option').first();
  await expect(suggestion).toHaveAttribute('value', `${town} City Marathon`);
  await expect(suggestion).toHaveAttribute('label', new RegExp(`^${town} City Marathon · `));
  await form.getByLabel('Marathon Name').fill(`${town} City Marathon`);
  await expect(form.getByLabel('Marathon Date')).toHaveValue(raceDay);
  await expectNoSeriousA11yViolations(form);
  await form.getByRole('button', { name: 'Continue to Account Creation' }).click();
  await expect(form).toHaveURL(/\/createaccount$/);
  await form.getByLabel('Email').fill(`${joinerSlug}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form).toHaveURL(/\/payment$/, { timeout: 10_000 });
  const me = (await (await joiner.request.get('/api/auth/me')).json()) as { user: { id: string } };
  await startTrial(joiner, me.user.id, joinerSlug);
  runners.push({ context: joiner, slug: joinerSlug, name: 'Jane Runner' });

  const visitor = await browser.newContext({ viewport: PHONE });
  const page = await visitor.newPage();
  await page.goto(`/${runners[1]!.slug}`);
  const eventLink = page.getByRole('link', { name: `${town} City Marathon` });
  await expect(eventLink).toBeVisible();
  await eventLink.click();
  await expect(page).toHaveURL(/\/events\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${town} City Marathon` })).toBeVisible();
  await expect(page.getByText(/days to go/)).toBeVisible();
  const ranked = page.getByRole('list', { name: 'Runners ranked' });
  // Each runner counts once their page's card and access reach the event: a reload shows them.
  await expect(async () => {
    await page.reload();
    await expect(ranked.getByRole('listitem')).toHaveCount(3, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByLabel('Find a runner').fill('theo');
  await page.getByLabel('Find a runner').press('Enter');
  await expect(ranked.getByRole('listitem')).toHaveCount(1);
  await expect(ranked.getByRole('link', { name: 'Theo Typed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await visitor.close();
  for (const runner of runners) await runner.context.close();
});
