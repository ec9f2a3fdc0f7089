import { expect, test, type Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { BASE, ownerWithPublishedPage } from './support/journeys';

// Owner insights and the race-day poster (issue #19): visitors' first-party events, counted without
// cookies, reach the owner's dashboard card as a chart and a table; the owner downloads the poster.

/** A visitor with their own browser (its own user agent, so a distinct visitor), signed out. */
async function visit(browser: Browser, slug: string, userAgent: string, chooseChallenge = false) {
  const context = await browser.newContext({ baseURL: BASE, userAgent });
  const page = await context.newPage();
  const sent = page.waitForResponse((r) => r.url().endsWith('/events') && r.request().method() === 'POST');
  await page.goto(`/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Runner' })).toBeVisible({ timeout: 20_000 });
  expect((await sent).status()).toBe(204);
  if (chooseChallenge) {
    const chosen = page.waitForResponse(
      (r) => r.url().endsWith('/events') && r.request().postData()?.includes('challenge') === true,
    );
    await page
      .getByRole('list', { name: 'Challenges' })
      .getByRole('listitem')
      .filter({ hasText: 'Pick a song for my playlist' })
      .getByRole('button', { name: /^Choose This Challenge/ })
      .click();
    expect((await chosen).status()).toBe(204);
  }
  // Nothing was left on the visitor's device.
  expect(await context.cookies()).toEqual([]);
  await context.close();
}

test('the owner sees a few visits on the dashboard chart and downloads the race-day poster', async ({ browser }) => {
  // A page load, three visits and two posters: slow on a busy machine.
  test.setTimeout(300_000);
  const owner = await ownerWithPublishedPage(browser);
  // The owner's own look at the page does not count.
  const own = await owner.context.newPage();
  await own.goto(`/${owner.slug}`);
  await expect(own.getByRole('heading', { level: 1, name: 'Jane Runner' })).toBeVisible({ timeout: 20_000 });
  await own.close();

  await visit(browser, owner.slug, 'Mozilla/5.0 (X11; Linux x86_64) Visitor/1', true);
  await visit(browser, owner.slug, 'Mozilla/5.0 (X11; Linux x86_64) Visitor/2');
  await visit(browser, owner.slug, 'Mozilla/5.0 (X11; Linux x86_64) Visitor/2');

  const page = await owner.context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Your fundraising pages' })).toBeVisible({
    timeout: 60_000,
  });
  const card = page.getByRole('list', { name: 'Your pages' }).getByRole('article').first();
  await expect(card.getByTestId('page-insights-totals')).toHaveText(
    '3 views · 0 shares · 0 donate clicks · 1 challenge chosen',
    { timeout: 20_000 },
  );
  await expect(card.getByTestId('page-insights-chart').locator('rect')).toHaveCount(30);
  await expect(card.getByTestId('page-insights-chart').locator('rect').last()).toHaveAttribute('data-views', '3');
  await card.getByText('Visits by day (table)').click();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const row = card.getByRole('table').getByRole('row', { name: new RegExp(`^${today}\\b`) });
  // Views, visitors (two browsers), shares, donate clicks, challenges.
  await expect(row.getByRole('cell')).toHaveText(['3', '2', '0', '0', '1']);

  // The race-day poster, both files.
  const pdfDownload = page.waitForEvent('download');
  await card.getByRole('link', { name: /^PDF/ }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`runpledge-poster-${owner.slug}.pdf`);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const pngDownload = page.waitForEvent('download');
  await card.getByRole('link', { name: /^PNG/ }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toBe(`runpledge-poster-${owner.slug}.png`);
  const bytes = readFileSync((await png.path())!);
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1240, 1754]);
  await owner.context.close();
});
