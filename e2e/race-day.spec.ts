import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gpx } from '../services/gateway/test/fixtures/activity-files/generate.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BASE, createPage, mailLink, SAME_ORIGIN, signedInContext, startTrial, unique } from './support/journeys';

// Race day: a visitor follows the runner's race on a phone and confirms from the mail; a 42 km
// file uploaded on race day records the finish; the page shows the finish banner, the pledger's
// due mail has the time and amount, and the runner thanks everyone from the dashboard.

const PHONE = { width: 390, height: 844 };
test.use({ reducedMotion: 'reduce' });

/** Every mail to `email` in the test stacks' outboxes (quoted-printable decoded). */
function mailsTo(email: string): string[] {
  const mails: string[] = [];
  for (const dir of readdirSync(tmpdir()).filter((name) => name.startsWith('rp-outbox-'))) {
    let files: string[];
    try {
      files = readdirSync(join(tmpdir(), dir));
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      const mail = readFileSync(join(tmpdir(), dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      if (new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) mails.push(mail);
    }
  }
  return mails;
}

async function linkOf(email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = mailLink(email, path)), { message: `a mail to ${email} with a ${path} link`, timeout: 20_000 })
    .toBeTruthy();
  return link!;
}

test('a visitor follows on a phone, a 42 km file on race day finishes the runner, pledgers and followers hear once', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const today = new Date().toISOString().slice(0, 10);
  const owner = await signedInContext(browser);
  const { id: pageId, urlSlug: slug } = await createPage(owner.context.request, { marathonDate: today });
  await startTrial(owner.context, owner.user.id, slug);

  // A supporter pledges for the race (through the API: the pledges journey covers its form).
  const pledger = `${unique('pledger')}@example.com`;
  const pledged = await owner.context.request.post(`/api/runner-profile/${pageId}/pledges`, {
    headers: SAME_ORIGIN,
    data: { name: 'Pat Pledger', email: pledger, ratePerUnit: 1, counts: 'race' },
  });
  expect(pledged.status()).toBe(201);
  const pledgeToken = new URL(await linkOf(pledger, '/pledges/confirm'), BASE).searchParams.get('token');
  expect(
    (
      await owner.context.request.post('/api/pledges/confirm', { headers: SAME_ORIGIN, data: { token: pledgeToken } })
    ).status(),
  ).toBe(200);

  // A visitor follows the race on a phone and confirms from the mail.
  const fan = `${unique('fan')}@example.com`;
  const context = await browser.newContext({ baseURL: BASE, viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`/${slug}`);
  const follow = page.getByRole('region', { name: 'Follow the race' });
  await follow.scrollIntoViewIfNeeded();
  await follow.getByLabel('Your e-mail').fill(fan);
  await follow.getByRole('button', { name: 'Follow the race' }).click();
  await expect(follow.getByRole('status')).toContainText(fan);
  await expectNoSeriousA11yViolations(page);
  await page.goto(await linkOf(fan, '/followers/confirm'));
  await expect(page.getByRole('heading', { level: 1, name: 'Follow the race' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm I follow' }).click();
  await expect(page.getByRole('status')).toHaveText("You're following the race.");
  await expectNoSeriousA11yViolations(page);

  // Race day: the runner uploads the race's file, 42 km in 3:58:20.
  const upload = await owner.context.request.post('/api/activities/upload', {
    headers: { ...SAME_ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
    multipart: {
      file: {
        name: 'marathon.gpx',
        mimeType: 'application/gpx+xml',
        buffer: Buffer.from(gpx({ start: Date.parse(`${today}T00:05:00Z`), count: 2800 })),
      },
    },
  });
  expect(upload.status()).toBe(201);
  await expect(async () => {
    await page.goto(`/${slug}`);
    await expect(page.getByRole('region', { name: 'Race result' })).toContainText(
      'finished Chicago Marathon in 3:58:20',
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Race result' })).toContainText('Still raising until');
  await expectNoSeriousA11yViolations(page);

  // The pledger's one mail: the time, the amount due and the link to give.
  await expect.poll(() => mailsTo(pledger).filter((m) => /your pledge is/.test(m)).length, { timeout: 30_000 }).toBe(1);
  const due = mailsTo(pledger).find((m) => /your pledge is/.test(m))!;
  expect(due).toContain('finished the marathon in 3:58:20');
  expect(due).toContain('$26.20');
  expect(due).toMatch(/\/pledges\/[0-9a-f-]+\/paid\?token=/);
  await expect
    .poll(() => mailsTo(fan).filter((m) => /^Subject: .* finished .* in 3:58:20/m.test(m)).length, {
      timeout: 30_000,
    })
    .toBe(1);

  // The runner thanks everyone from the dashboard.
  const dashboard = await owner.context.newPage();
  await dashboard.goto('/dashboard');
  const panel = dashboard.getByRole('region', { name: 'Race day: Jane Runner' });
  await expect(panel.getByRole('status').first()).toHaveText('Finished in 3:58:20');
  await panel.getByLabel('Thank your supporters').fill('Thank you for carrying me to the finish!');
  await panel.getByRole('button', { name: 'Send thank-you' }).click();
  await expect(panel.getByText('Your thank-you is on its way to 2 people.')).toBeVisible();
  await expectNoSeriousA11yViolations(dashboard, { include: ['#race-day-heading + div'] });
  for (const email of [fan, pledger])
    await expect
      .poll(() => mailsTo(email).filter((m) => m.includes('Thank you for carrying me to the finish!')).length, {
        timeout: 30_000,
      })
      .toBe(1);
  await context.close();
  await owner.context.close();
});
