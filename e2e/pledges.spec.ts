import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BASE, mailLink, ownerWithPublishedPage, SAME_ORIGIN, unique } from './support/journeys';

// Pledges per mile: a supporter pledges from a phone, confirms from the mail, and the page counts
// the runner's miles for them; the runner finishes from the dashboard, the supporter is mailed
// what they owe and marks it paid. Mail links only act on a click (mail scanners open links).

const PHONE = { width: 390, height: 844 };
// Transitions off, so axe never measures the contrast of a dialog halfway through fading in.
test.use({ reducedMotion: 'reduce' });

/** The newest link of a pledge mail to `email`; `path` is a pattern (the pledge's id is not known here). */
async function pledgeMailLink(email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = mailLink(email, path)), { message: `a mail to ${email} with a ${path} link`, timeout: 15_000 })
    .toBeTruthy();
  return link!;
}

const pledgesSection = (page: Page) => page.getByRole('region', { name: 'Pledges per mile' });
/** The pledges section, scrolled to: its pledges load as a visitor nears them. */
async function showPledges(page: Page, name = 'Pledges per mile') {
  const section = page.getByRole('region', { name });
  await section.scrollIntoViewIfNeeded();
  return section;
}

test.describe('pledges per mile', () => {
  let owner: Awaited<ReturnType<typeof ownerWithPublishedPage>>;
  const supporter = `${unique('supporter')}@example.com`;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(60_000);
    owner = await ownerWithPublishedPage(browser);
  });

  test.afterAll(async () => {
    await owner?.context.close();
  });

  test('a supporter pledges on a phone, confirms from the mail, and the page counts their pledge', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: BASE, viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`/${owner.slug}`);
    const section = await showPledges(page);
    await expect(section).toContainText('No pledges yet');

    await section.getByRole('button', { name: 'Pledge per mile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pledge per mile' });
    await dialog.getByRole('button', { name: 'Pledge' }).click();
    await expect(dialog.getByLabel('Your name')).toHaveAccessibleDescription(/Please enter your name/);
    await expectNoSeriousA11yViolations(page, { include: ['[role="dialog"]'] });

    await dialog.getByLabel('Your name').fill('Ann Supporter');
    await dialog.getByLabel('Email').fill(supporter);
    await dialog.getByLabel('Amount per mile ($)').fill('2');
    await dialog.getByLabel('Cap ($)').fill('100');
    await dialog.getByLabel('Message').fill('Every mile, Jane!');
    await dialog.getByRole('button', { name: 'Pledge' }).click();
    await expect(page.getByRole('dialog', { name: 'Check your e-mail to confirm' })).toContainText(supporter);
    await page.getByRole('button', { name: 'Done' }).click();
    // Not counted before it is confirmed.
    await expect(section).toContainText('No pledges yet');

    // The confirmation link: opening it changes nothing until the click.
    const confirmLink = await pledgeMailLink(supporter, '/pledges/confirm');
    await page.goto(confirmLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your pledge' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm my pledge' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you: your pledge is confirmed.');
    await expect(page.getByTestId('pledge-details')).toContainText('$2 a mile');
    expect(new URL(page.url()).search).toBe('');
    // A reload shows the result, not the button again.
    await page.reload();
    await expect(page.getByRole('status')).toHaveText('Thank you: your pledge is confirmed.');

    // The runner logs 10 miles: the page counts them for the pledge.
    const today = new Date().toISOString().slice(0, 10);
    const run = await owner.context.request.post('/api/activities', {
      headers: SAME_ORIGIN,
      data: { name: 'Ten along the lake', date: today, distanceKm: 16.09344, durationSeconds: 5400 },
    });
    expect(run.status()).toBe(201);
    await expect(async () => {
      await page.goto(`/${owner.slug}`);
      await expect((await showPledges(page)).getByTestId('pledge-summary')).toHaveText(
        '1 supporter pledges $2 a mile: $20 so far at 10 mi',
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 20_000 });
    await expect(pledgesSection(page).getByTestId('pledge-sources')).toHaveText('Counted: 10 mi entered by hand');
    const pledges = pledgesSection(page).getByRole('list', { name: 'Pledges' });
    await expect(pledges).toContainText('Ann Supporter');
    await expect(pledges).toContainText('$20');
    await expect(page.locator('body')).not.toContainText(supporter);

    // The link again (a second visit, or a mail scanner before the supporter): refused, nothing counted twice.
    await page.goto(confirmLink);
    await page.getByRole('button', { name: 'Confirm my pledge' }).click();
    await expect(page.getByRole('alert')).toHaveText('This confirmation link is invalid or has expired.');
    await context.close();
  });

  test("the runner finishes from the dashboard; the supporter's due mail leads to I've paid", async ({ browser }) => {
    const dashboard = await owner.context.newPage();
    await dashboard.goto('/dashboard');
    const panel = dashboard.getByRole('region', { name: 'Pledges of Jane Runner' });
    const supporterRow = panel.getByRole('listitem').filter({ hasText: 'Ann Supporter' });
    await expect(supporterRow).toContainText('Active');
    await expect(supporterRow).toContainText('$2 a mile, up to $100 · Training to race day');
    await expect(supporterRow).toContainText('“Every mile, Jane!”');
    await expectNoSeriousA11yViolations(dashboard, { include: ['[data-testid="pledge-panel"]'] });

    await panel.getByRole('button', { name: "I've finished" }).click();
    const confirm = dashboard.getByRole('alertdialog', { name: 'Have you finished?' });
    await confirm.getByRole('button', { name: "Yes, I've finished" }).click();
    await expect(dashboard.getByText('1 pledge is now due: its supporter is e-mailed')).toBeVisible();
    await expect(supporterRow).toContainText('Due');
    await expect(panel.getByRole('button', { name: "I've finished" })).toHaveCount(0);
    await expect(panel).toContainText('You finished on');

    // The due mail carries the paid, cancel and unsubscribe links.
    const pledgeLink = '/pledges/[0-9a-f-]{36}';
    const paidLink = await pledgeMailLink(supporter, `${pledgeLink}/paid`);
    expect(mailLink(supporter, `${pledgeLink}/cancel`)).toBeTruthy();
    expect(mailLink(supporter, `${pledgeLink}/unsubscribe`)).toBeTruthy();

    const context = await browser.newContext({ baseURL: BASE, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(paidLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Mark your pledge as paid' })).toBeVisible();
    await page.getByRole('button', { name: "I've paid" }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you: your pledge is marked as paid.');
    await expect(page.getByTestId('pledge-details')).toContainText('StatusPaid');
    await page.goBack();
    await page.goForward();
    await expect(page.getByRole('status')).toHaveText('Thank you: your pledge is marked as paid.');

    await dashboard.reload();
    await expect(supporterRow).toContainText('Paid');

    // The runner counts in kilometres from the page settings: the page's sum follows, while the pledge
    // keeps the unit it was made in.
    await dashboard.goto(`/${owner.slug}/edit`);
    // The radio itself is visually hidden inside its label: a runner taps the label.
    await dashboard.getByRole('radiogroup', { name: 'Distance unit' }).getByText('Kilometres').click();
    await expect(dashboard.getByRole('radio', { name: 'Kilometres' })).toBeChecked();
    await expect(dashboard.getByText('Distance unit saved')).toBeVisible();
    await page.goto(`/${owner.slug}`);
    const pledges = await showPledges(page, 'Pledges per km');
    await expect(pledges.getByTestId('pledge-summary')).toContainText('1 supporter pledges $1.24 per km');
    await expect(pledges.getByRole('listitem').filter({ hasText: 'Ann Supporter' })).toContainText('$2 a mile');
    await context.close();
    await dashboard.close();
  });
});
