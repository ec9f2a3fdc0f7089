import { expect, test, type Page } from '@playwright/test';
import { ownerWithPublishedPage } from './support/journeys';

// On a phone (360 px wide) the keyboard moves through each screen in the order the eye reads it:
// top to bottom, and left to right within a row (WCAG 2.4.3 Focus Order). A layout that moves an
// element visually (CSS order, row-reverse, absolute positioning) without moving it in the DOM fails.

const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE, reducedMotion: 'reduce' });

interface Stop {
  label: string;
  top: number;
  bottom: number;
  left: number;
}

/**
 * Tabs from the top of the document until focus leaves the page or comes back round; each stop's
 * box in page coordinates. A stop met again straight away (a date input's day, month and year) counts once.
 */
async function tabStops(page: Page, max = 120): Promise<Stop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // Several elements may share a label: the DOM path tells them apart.
      const path: string[] = [];
      for (let node: Element | null = el; node && node !== document.body; node = node.parentElement)
        path.unshift(`${node.tagName}:${Array.prototype.indexOf.call(node.parentElement?.children ?? [], node)}`);
      const box = el.getBoundingClientRect();
      const labelled =
        el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
      const name = (
        el.getAttribute('aria-label') ??
        (labelled ? (el.labels?.[0]?.textContent ?? el.name) : el.innerText) ??
        ''
      ).trim();
      return {
        id: path.join('/'),
        label: `${el.tagName.toLowerCase()} "${name.replace(/\s+/g, ' ').slice(0, 40)}"`,
        top: box.top + window.scrollY,
        bottom: box.bottom + window.scrollY,
        left: box.left + window.scrollX,
      };
    });
    if (!stop || stop.id === [...seen][0]) break;
    if (seen.has(stop.id)) continue;
    seen.add(stop.id);
    stops.push({ label: stop.label, top: stop.top, bottom: stop.bottom, left: stop.left });
  }
  return stops;
}

/**
 * The steps where focus goes against the reading order: up to an earlier row, or leftwards within
 * a row (two boxes share a row when they overlap vertically). A few pixels of slack for borders.
 */
function againstReadingOrder(stops: Stop[]): string[] {
  const slack = 2;
  const wrong: string[] = [];
  for (let i = 1; i < stops.length; i += 1) {
    const [a, b] = [stops[i - 1]!, stops[i]!];
    const sameRow = b.top < a.bottom - slack && a.top < b.bottom - slack;
    if (sameRow ? b.left < a.left - slack : b.top < a.top - slack) wrong.push(`${a.label} → ${b.label}`);
  }
  return wrong;
}

async function expectReadingOrder(page: Page, minStops: number): Promise<Stop[]> {
  const stops = await tabStops(page);
  expect(stops.length, stops.map((s) => s.label).join('\n')).toBeGreaterThanOrEqual(minStops);
  expect(againstReadingOrder(stops)).toEqual([]);
  return stops;
}

let owner: Awaited<ReturnType<typeof ownerWithPublishedPage>>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  owner = await ownerWithPublishedPage(browser);
});

test.afterAll(async () => {
  await owner?.context.close();
});

test('the dashboard: skip link, logo, Dashboard, the account menu, then the page cards in reading order', async () => {
  const page = await owner.context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Edit details' }).first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const stops = await expectReadingOrder(page, 8);
  const header = stops.map((s) => s.label).filter((l) => /RunPledge home|"Dashboard"|Account/.test(l));
  expect(header.slice(0, 3)).toEqual([
    expect.stringContaining('RunPledge home'),
    expect.stringContaining('"Dashboard"'),
    expect.stringContaining('Account'),
  ]);
  await page.close();
});

test('the check fails when the header is laid out against its DOM order', async () => {
  const page = await owner.context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible({ timeout: 15_000 });
  // The navigation drawn before the logo: the same DOM, another visual order.
  await page.addStyleTag({ content: 'header nav { order: -1 }' });
  const wrong = againstReadingOrder(await tabStops(page, 6));
  expect(wrong).toEqual([expect.stringMatching(/RunPledge home.*→.*Dashboard/)]);
  await page.close();
});

test("the runner's page, as a visitor sees it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`/${owner.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await expectReadingOrder(page, 6);
  await context.close();
});

test('sign-up: the details form, field by field', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await expectReadingOrder(page, 10);
  await context.close();
});
