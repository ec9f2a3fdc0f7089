import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BASE, mailLink, ownerWithPublishedPage, unique } from './support/journeys';

// "No more mail from RunPledge to this address": a stranger pledged with someone's address; its owner
// follows the mail's unsubscribe link, stops all mail, and a later pledge for that inbox, however
// its address is written, mails it nothing (the pledge form answers as it always does).

test.use({ reducedMotion: 'reduce' });

async function newestMailLink(email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = mailLink(email, path)), { message: `a mail to ${email} with a ${path} link`, timeout: 15_000 })
    .toBeTruthy();
  return link!;
}

/** Pledges on the runner's page through its dialog, as a visitor. */
async function pledgeFromPage(page: Page, slug: string, name: string, email: string) {
  await page.goto(`/${slug}`);
  const section = page.getByRole('region', { name: 'Pledges per mile' });
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: 'Pledge per mile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pledge per mile' });
  await dialog.getByLabel('Your name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Amount per mile ($)').fill('1');
  await dialog.getByRole('button', { name: 'Pledge' }).click();
  // The address as the form keeps it (lowercased).
  await expect(page.getByRole('dialog', { name: 'Check your e-mail to confirm' })).toContainText(email.toLowerCase());
  await page.getByRole('button', { name: 'Done' }).click();
}

test('an inbox stops all mail from a pledge mail’s unsubscribe link; a later pledge for it, written differently, mails nothing', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerWithPublishedPage(browser);
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const local = unique('Inbox');
  const inbox = `${local}@example.com`;

  await pledgeFromPage(page, owner.slug, 'Someone Else', inbox);
  const firstConfirm = await newestMailLink(inbox, '/pledges/confirm');

  // The mail's unsubscribe link: the page offers the pledge's own stop and, beside it, all mail.
  await page.goto(await newestMailLink(inbox, '/pledges/[0-9a-f-]+/unsubscribe'));
  await expect(page.getByRole('heading', { level: 1, name: 'Stop mails about this pledge' })).toBeVisible();
  const stopAll = page.getByRole('button', { name: 'No more mail from RunPledge to this address' });
  await expect(stopAll).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await stopAll.click();
  await expect(page.getByRole('status')).toContainText('RunPledge will send no more mail to this address');

  // The same inbox written differently: the form answers as ever, and no confirmation mail goes.
  const variant = `${local.toUpperCase()}+x@example.com`;
  await pledgeFromPage(page, owner.slug, 'Someone Else Again', variant);
  // Another supporter's pledge, made after it, is mailed: the worker has passed the first.
  const control = `${unique('control')}@example.com`;
  await pledgeFromPage(page, owner.slug, 'A Real Supporter', control);
  await newestMailLink(control, '/pledges/confirm');
  expect(mailLink(variant, '/pledges/confirm')).toBeUndefined();
  expect(mailLink(inbox, '/pledges/confirm')).toBe(firstConfirm);

  await context.close();
  await owner.context.close();
});
