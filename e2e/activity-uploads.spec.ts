import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createPage, signedInContext } from './support/journeys';

// Issue #29: a runner drops a file from their watch on /{slug}/fitness, on a phone.
const GPX = readFileSync(
  new URL('../services/gateway/test/fixtures/activity-files/morning-run.gpx', import.meta.url),
  'utf8',
);

test.use({ reducedMotion: 'reduce' });

test('a GPX file dropped on the fitness page becomes a run labelled "uploaded file"', async ({ browser }) => {
  const { context } = await signedInContext(browser, { viewport: { width: 390, height: 844 } });
  const { urlSlug } = await createPage(context.request);
  const page = await context.newPage();
  await page.goto(`/${urlSlug}/fitness`);
  const dropzone = page.getByTestId('activity-dropzone');
  await expect(dropzone).toBeVisible();
  await expect(page.getByText(/No activities yet/)).toBeVisible();

  // What a browser hands the page when a file is dropped on it.
  await dropzone.evaluate((zone, content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'morning-run.gpx', { type: 'application/gpx+xml' }));
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, GPX);

  await expect(page.getByText('Added: Sunday long run')).toBeVisible();
  // In the list without a reload, in the page's unit (miles), saying where it came from.
  const run = page.getByRole('list', { name: 'Recent activities' }).getByRole('listitem').first();
  await expect(run).toContainText('Sunday long run');
  await expect(run).toContainText('uploaded file');
  await expect(run).toContainText('3.36 mi');
  await page.waitForLoadState('networkidle');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});
