import { expect, test, type Locator, type Page } from '@playwright/test';

const SECTION_HEADINGS = [
  'How It Works',
  'Everything You Need to Succeed',
  'One Simple Plan',
  'Creative Challenge Ideas',
  'Ready to Make Every Mile Count?',
];

const carousel = (page: Page) => page.getByRole('region', { name: 'Challenge ideas', exact: true });

/** Labels of the slides the carousel shows now (the others are hidden from the accessibility tree). */
const shownSlides = (region: Locator) =>
  region.getByRole('group').evaluateAll((slides) => slides.map((slide) => slide.getAttribute('aria-label')));

const funnelSteps = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
      .filter((entry) => entry.event === 'funnel_step')
      .map((entry) => entry.step),
  );

test('the landing page has every section of the spec, in order, with its calls to action', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
    'Marathon Fundraising Made Easy, Interactive and Fun',
  );
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(SECTION_HEADINGS);
  await expect(page.getByText('Empowering runners to make a difference, one mile at a time.')).toBeVisible();
  await expect(
    page.getByText(
      'Join hundreds of runners who are turning their marathon training into meaningful fundraising campaigns.',
    ),
  ).toBeVisible();
  await expect(page.getByText('First month free, then $5/month. No setup fees.')).toBeVisible();
  await expect(page.getByText('Free for 30 days • Cancel anytime').first()).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  for (const name of [
    'Create Your Page',
    'Start Creating Challenges',
    'Create Your Page Now',
    'Start Your Free Trial',
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/signup');
  }
  for (const step of ['Set Up Your Page', 'Track Your Training via Strava', 'Raise Money']) {
    await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
  }
  for (const feature of [
    'Miles trained and pace',
    'Marathon countdown timer',
    'Fundraising progress bar',
    'Strava integration',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
  }
  const sampleCard = page.getByRole('figure');
  await expect(sampleCard.getByText('Miles trained', { exact: true })).toBeVisible();
  await expect(sampleCard.getByText('Funds raised', { exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('RunPledge', { exact: true })).toBeVisible();
});

test('Login goes to /login, and each landing CTA goes to /signup recording the funnel step', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  for (const name of ['Create Your Page', 'Start Creating Challenges', 'Create Your Page Now']) {
    await page.goto('/');
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await funnelSteps(page)).toEqual(['landing_cta_clicked']);
  }
});

test('the headline types Easy, then Interactive, then Fun', async ({ page }) => {
  test.setTimeout(40_000);
  // Every whole word the headline shows, in order, recorded in the page as it happens: a busy
  // machine's polling could miss a word shown for two seconds, the page's own record cannot.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { typedWords: string[] }).typedWords = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="typed-word"]')?.textContent ?? '';
      if (['Easy', 'Interactive', 'Fun'].includes(text) && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/');
  // A full cycle of a word is its typing (150 ms a letter), a 2 s pause and its deletion (100 ms a letter).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { typedWords: string[] }).typedWords.slice(0, 4)), {
      timeout: 30_000,
    })
    .toEqual(['Easy', 'Interactive', 'Fun', 'Easy']);
});

test('with reduced motion the headline shows whole words, never a part of one', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  const word = page.getByTestId('typed-word');
  await expect(word).toHaveText('Easy');
  const seen = new Set<string>();
  for (let i = 0; i < 25; i++) {
    seen.add((await word.textContent()) ?? '');
    await page.waitForTimeout(100);
  }
  // Whole words only (which ones depends on how long the page took: they change every 2 s).
  expect([...seen].every((text) => ['Easy', 'Interactive', 'Fun'].includes(text))).toBe(true);
  await context.close();
});

test('the challenge carousel shows three ideas, moves by buttons and arrow keys, and loops', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const region = carousel(page);
  await region.scrollIntoViewIfNeeded();
  await expect.poll(() => shownSlides(region)).toEqual(['1 of 7', '2 of 7', '3 of 7']);
  await expect(region.getByText('Pick a song for my race day playlist')).toBeInViewport();

  await region.getByRole('button', { name: 'Next ideas' }).click();
  await expect.poll(() => shownSlides(region)).toEqual(['2 of 7', '3 of 7', '4 of 7']);
  await expect(region.getByText('Showing ideas 2 to 4 of 7')).toBeAttached();
  // The track really moves: the first idea slides out of view, the fourth in.
  await expect(region.getByText('Pick a song for my race day playlist')).not.toBeInViewport();
  await expect(region.getByText('Race Day Cameo video recorded during the race')).toBeInViewport();

  const previous = region.getByRole('button', { name: 'Previous ideas' });
  await previous.click();
  await previous.click();
  await expect.poll(() => shownSlides(region)).toEqual(['5 of 7', '6 of 7', '7 of 7']);
  await expect(region.getByText('Cross the finish line on a FaceTime call with you')).toBeInViewport();

  // Focus stays on Previous, inside the carousel: the arrow keys move it.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shownSlides(region)).toEqual(['1 of 7', '2 of 7', '3 of 7']);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shownSlides(region)).toEqual(['2 of 7', '3 of 7', '4 of 7']);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => shownSlides(region)).toEqual(['5 of 7', '6 of 7', '7 of 7']);
});

test('Tab skips the ideas out of view and reaches the carousel buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const region = carousel(page);
  await expect(region.locator('[aria-label="4 of 7"]')).toHaveAttribute('inert', '');
  await page.getByRole('link', { name: 'Explore a full sample page' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Start Your Free Trial' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(region.getByRole('button', { name: 'Previous ideas' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(region.getByRole('button', { name: 'Next ideas' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownSlides(region)).toEqual(['2 of 7', '3 of 7', '4 of 7']);
});

test('the sample page links go to /test-sample', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explore a full sample page' })).toHaveAttribute('href', '/test-sample');
  await page.getByRole('link', { name: 'See a sample page' }).click();
  await expect(page).toHaveURL(/\/test-sample$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('at 360 px the page has no horizontal scroll and the carousel shows one idea at a time', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const region = carousel(page);
  await region.scrollIntoViewIfNeeded();
  await expect.poll(() => shownSlides(region)).toEqual(['1 of 7']);
  await region.getByRole('button', { name: 'Previous ideas' }).click();
  await expect.poll(() => shownSlides(region)).toEqual(['7 of 7']);
  await expect(region.getByText('$400')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
