import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createPage, signedInContext, startTrial, unique, type TestUser } from './support/journeys';

// The stack's Strava emulator (playwright.config.ts picks its port).
const STRAVA_EMULATOR = `http://127.0.0.1:${process.env.E2E_STRAVA_EMULATOR_PORT}`;

// Every screen and state of the product through axe (WCAG 2.1 AA and best practices) at a desktop
// and a phone size, then the keyboard: dialogs trap focus and give it back, the skip link, visible
// focus. The challenge reordering by keyboard is proven in signup-funnel.spec.ts.

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

// Transitions off, so axe never measures the contrast of a dialog halfway through fading in.
test.use({ reducedMotion: 'reduce' });

/** Waits until the route's code, its queries and the loading indicators are done. */
async function settle(page: Page, ready: Locator) {
  await expect(ready).toBeVisible({ timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Details as /signup saves them, so /createaccount shows its form instead of going back. */
async function saveSignupData(page: Page, slug: string) {
  await page.evaluate((urlSlug) => {
    const value = {
      url_slug: urlSlug,
      name: 'Jane Runner',
      marathon_name: 'Chicago Marathon',
      marathon_date: '2099-10-12',
      goal_hours: 3,
      goal_minutes: 45,
      donation_platform: 'other',
      charity_link: 'https://charity.example.org/give',
      description: 'Running for the children’s hospital.',
      challenges: [],
      hakuFundraisingPage: '',
      donorDriveEventUrl: '',
      donorDriveParticipantId: '',
      justGivingPageShortName: '',
    };
    sessionStorage.setItem('runpledge:signup-form', JSON.stringify({ value, expiresAt: Date.now() + 30 * 60_000 }));
  }, slug);
}

// One owner with a published page, one with a page not live yet, shared by the tests below.
let owner: { context: BrowserContext; user: TestUser };
let drafter: { context: BrowserContext; user: TestUser };
let publishedSlug: string;
let draftSlug: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  owner = await signedInContext(browser);
  publishedSlug = (await createPage(owner.context.request)).urlSlug;
  await startTrial(owner.context, owner.user.id, publishedSlug);
  drafter = await signedInContext(browser);
  draftSlug = (await createPage(drafter.context.request)).urlSlug;
});

test.afterAll(async () => {
  await owner?.context.close();
  await drafter?.context.close();
});

/** A tab of the published (or, with `of: drafter`, the unpublished) page's owner at the given size. */
async function ownerPage(viewport: { width: number; height: number }, of = owner) {
  const page = await of.context.newPage();
  await page.setViewportSize(viewport);
  return page;
}

async function newSignedIn(browser: Browser, viewport: { width: number; height: number }) {
  const { context, user } = await signedInContext(browser, { viewport });
  return { context, user, page: await context.newPage() };
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`axe at ${size} size`, () => {
    test.use({ viewport });

    test('landing page', async ({ page }) => {
      await page.goto('/');
      await settle(page, h1(page, /Marathon Fundraising Made/));
      await expectNoSeriousA11yViolations(page);
    });

    test('/login: sign-in, sign-up and a validation error', async ({ page }) => {
      await page.goto('/login');
      await settle(page, page.getByRole('button', { name: 'Sign In' }));
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(h1(page, 'Create your account')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('/signup: empty, with validation errors, with a challenge', async ({ page }) => {
      await page.goto('/signup');
      await settle(page, page.getByRole('button', { name: 'Continue to Account Creation' }));
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Continue to Account Creation' }).click();
      await expect(page.getByText('Please select a marathon date.').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add challenge' }).click();
      await expect(page.getByTestId('challenge-row')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
    });

    test('/createaccount with saved details', async ({ page }) => {
      await page.goto('/login');
      await saveSignupData(page, unique('a11y'));
      await page.goto('/createaccount');
      await settle(page, page.getByRole('button', { name: 'Create Account' }));
      await expectNoSeriousA11yViolations(page);
    });

    test('/payment: default, discount code open, canceled', async ({ page }) => {
      await page.goto('/payment');
      await settle(page, page.getByRole('button', { name: 'Start Free Trial' }));
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Have a discount code?' }).click();
      await expect(page.getByLabel('Discount code')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto('/payment?canceled=true');
      await settle(page, page.getByText('Your payment was canceled. You can try again anytime.').first());
      await expectNoSeriousA11yViolations(page);
    });

    test('/payment?success=true before it moves on', async ({ browser }) => {
      const { context, page } = await newSignedIn(browser, viewport);
      // The page's address never arrives, so the view stays put while axe looks at it.
      await page.route('**/api/user/profile-slug**', () => {});
      // Billing confirms the Checkout session is this runner's (the success screen shows only then).
      await page.route('**/api/subscription/reconcile', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 'trialing' }) }),
      );
      await page.goto('/payment?success=true&session_id=cs_a11y');
      await expect(page.getByText(/free trial has started/).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expect(page).toHaveURL(/\/payment\?success=true&session_id=cs_a11y$/);
      await context.close();
    });

    test('/dashboard: empty', async ({ browser }) => {
      const { context, page } = await newSignedIn(browser, viewport);
      await page.goto('/dashboard');
      await settle(page, page.getByRole('link', { name: 'Create Your First Page' }));
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });

    test('/dashboard: with a card and the delete confirmation open', async ({ browser }) => {
      const { context, page } = await newSignedIn(browser, viewport);
      await createPage(context.request, { name: 'Jane in Boston' });
      await page.goto('/dashboard');
      const card = page.getByRole('list', { name: 'Your pages' }).getByRole('article');
      await settle(page, card.first());
      await expectNoSeriousA11yViolations(page);

      await card
        .first()
        .getByRole('button', { name: /Delete/ })
        .click();
      await expect(page.getByRole('alertdialog', { name: 'Delete this page?' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });

    test('/auth/confirm with a bad token', async ({ page }) => {
      await page.goto('/auth/confirm?token=not-a-real-token&type=signup');
      await expect(page.getByText('This confirmation link is invalid or has expired.')).toBeVisible();
      await settle(page, page.getByRole('button', { name: 'Continue to Account Creation' }));
      await expectNoSeriousA11yViolations(page);
    });

    test('/release-claim: the offer, then a link no longer valid', async ({ page }) => {
      await page.goto('/release-claim?token=not-a-real-token');
      await settle(page, page.getByRole('button', { name: 'Release this claim' }));
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Release this claim' }).click();
      await expect(page.getByRole('alert')).toHaveText('This release link is no longer valid');
      await expectNoSeriousA11yViolations(page);
    });

    test('published runner page as a visitor, with the encouragement dialog', async ({ page }) => {
      await page.goto(`/${publishedSlug}`);
      await settle(page, page.getByRole('heading', { name: 'Training History' }));
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Send Encouragement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Encouragement' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByLabel('Your name')).toHaveAccessibleDescription('Please fill in all fields');
      await expectNoSeriousA11yViolations(page);
    });

    test('published runner page as its owner, editing the story and a challenge', async () => {
      // Five axe scans of the owner's whole page: each takes seconds on a loaded machine.
      test.setTimeout(90_000);
      const page = await ownerPage(viewport);
      await page.goto(`/${publishedSlug}`);
      await settle(page, page.getByRole('heading', { name: 'Training Data' }));
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Edit story' }).click();
      await expect(page.getByLabel('Your story')).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Add Challenge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Challenge' });
      await dialog.getByRole('button', { name: 'Add challenge' }).click();
      await expect(dialog.getByLabel('Amount ($)')).toHaveAccessibleDescription('Please fill in all fields');
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');

      await page
        .getByRole('button', { name: /^Delete challenge/ })
        .first()
        .click();
      await expect(page.getByRole('alertdialog', { name: /delete this challenge/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });

    test('a page not live yet: its owner with the way to publish it', async () => {
      const page = await ownerPage(viewport, drafter);
      await page.goto(`/${draftSlug}`);
      await settle(page, page.getByRole('link', { name: 'Start your free trial' }));
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });

    test('a page not live yet: not found for visitors', async ({ page }) => {
      await page.goto(`/${draftSlug}`);
      await settle(page, h1(page, 'Runner Not Found'));
      await expectNoSeriousA11yViolations(page);
    });

    test('Runner Not Found', async ({ page }) => {
      await page.goto(`/${unique('nobody')}`);
      await settle(page, h1(page, 'Runner Not Found'));
      await expectNoSeriousA11yViolations(page);
    });

    test('/{slug}/fitness for its owner', async () => {
      const page = await ownerPage(viewport);
      await page.goto(`/${publishedSlug}/fitness`);
      await settle(page, page.getByRole('button', { name: 'Connect with Strava' }));
      await expectNoSeriousA11yViolations(page);
      await page.close();
    });

    test('404 page', async ({ page }) => {
      await page.goto('/some/unknown/path');
      await settle(page, h1(page, 'Oops! Page not found'));
      await expectNoSeriousA11yViolations(page);
    });

    test('/test-sample', async ({ page }) => {
      await page.goto('/test-sample');
      await settle(page, page.locator('h1').first());
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('axe: the Strava setup step on /{slug}/fitness after connecting', async ({ browser }) => {
  const { context, page } = await newSignedIn(browser, VIEWPORTS.desktop);
  const { urlSlug } = await createPage(context.request);
  const seeded = await context.request.post(`${STRAVA_EMULATOR}/_emulator/athletes`, { data: { activities: 2 } });
  expect(seeded.status()).toBe(201);
  const { athlete } = (await seeded.json()) as { athlete: { id: number } };

  await page.goto(`/${urlSlug}/fitness`);
  await page.getByRole('button', { name: 'Connect with Strava' }).click();
  await page.locator('#athlete_id').selectOption(String(athlete.id));
  await page.getByRole('button', { name: 'Authorize' }).click();
  await settle(page, page.getByRole('heading', { name: 'Finish setting up Strava' }));
  await page.getByRole('button', { name: 'Complete setup' }).click();
  await expect(page.getByText('Please select a training start date')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

/** Tabs forwards and backwards past the ends of `dialog`; focus must never leave it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  const focusable = await dialog
    .locator('a[href], button:not([disabled]), input:not([disabled]), textarea, select, [tabindex="0"]')
    .count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= focusable + 1; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `focus left the dialog after ${i + 1} × ${key}`).toBe(true);
    }
  }
}

/** Opens a dialog from `opener` with the keyboard, checks the trap, closes it with Escape. */
async function expectDialogKeyboardCycle(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('the axe helper fails on serious violations and lists rule, impact and element', async ({ page }) => {
  await page.goto('/');
  await settle(page, h1(page, /Marathon Fundraising Made/));
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'unnamed-icon-button';
    document.querySelector('main')?.append(button);
  });
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('button-name [critical] Buttons must have discernible text');
  expect(failure).toContain('#unnamed-icon-button');
  // Scoped away from the broken element, the same page passes.
  await expectNoSeriousA11yViolations(page, { exclude: ['#unnamed-icon-button'] });
});

test.describe('keyboard', () => {
  test('the Send Encouragement dialog traps focus, closes on Escape and gives focus back', async ({ page }) => {
    await page.goto(`/${publishedSlug}`);
    await settle(page, page.getByRole('heading', { name: 'Share & Support' }));
    await expectDialogKeyboardCycle(
      page,
      page.getByRole('button', { name: 'Send Encouragement' }),
      page.getByRole('dialog', { name: 'Send Encouragement' }),
    );
  });

  test('the challenge dialogs trap focus, close on Escape and give focus back', async () => {
    const page = await ownerPage(VIEWPORTS.desktop);
    await page.goto(`/${publishedSlug}`);
    await settle(page, page.getByRole('heading', { name: 'Training Data' }));
    await expectDialogKeyboardCycle(
      page,
      page.getByRole('button', { name: 'Add Challenge' }),
      page.getByRole('dialog', { name: 'Add Challenge' }),
    );
    await expectDialogKeyboardCycle(
      page,
      page.getByRole('button', { name: /^Edit challenge/ }).first(),
      page.getByRole('dialog', { name: 'Edit Challenge' }),
    );
    await page.close();
  });

  test('the dashboard delete confirmation starts on Cancel, traps focus and gives it back', async ({ browser }) => {
    const { context, page } = await newSignedIn(browser, VIEWPORTS.desktop);
    await createPage(context.request);
    await page.goto('/dashboard');
    const deleteButton = page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /Delete/ });
    await settle(page, deleteButton);
    const confirm = page.getByRole('alertdialog', { name: 'Delete this page?' });

    await deleteButton.focus();
    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectFocusTrapped(page, confirm);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(page.getByRole('article')).toHaveCount(1);
    await context.close();
  });

  for (const [screen, path] of [
    ['the landing page', () => '/'],
    ['/login', () => '/login'],
    ['a runner page', () => `/${publishedSlug}`],
  ] as const) {
    test(`the first Tab on ${screen} lands on a visible Skip to content link that moves focus to the main content`, async ({
      page,
    }) => {
      await page.goto(path());
      await settle(page, page.locator('main h1, main [role="heading"][aria-level="1"]').first());
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      const box = (await skip.boundingBox())!;
      expect(box.width).toBeGreaterThan(40);
      expect(box.height).toBeGreaterThan(20);

      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      // The next Tab continues inside the main content, past the header.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
    });
  }

  test('keyboard focus is visible on buttons, links and fields', async ({ page }) => {
    await page.goto('/login');
    await settle(page, page.getByRole('button', { name: 'Sign In' }));
    const targets = [
      page.getByRole('link', { name: 'Skip to content' }),
      page.getByRole('link', { name: /RunPledge/ }).first(),
      page.getByLabel('Email'),
      page.getByRole('button', { name: 'Sign In' }),
      page.getByRole('button', { name: 'Sign up' }),
    ];
    // Tab through the page: each target, once reached by keyboard, draws an outline or a ring.
    const seen = new Set<number>();
    for (let i = 0; i < 15 && seen.size < targets.length; i++) {
      await page.keyboard.press('Tab');
      for (const [index, target] of targets.entries()) {
        if (seen.has(index) || !(await target.evaluate((el) => el === document.activeElement))) continue;
        const indicator = await target.evaluate((el) => {
          const style = getComputedStyle(el);
          return { outline: style.outlineStyle, outlineWidth: style.outlineWidth, shadow: style.boxShadow };
        });
        const hasOutline = indicator.outline !== 'none' && parseFloat(indicator.outlineWidth) >= 2;
        const hasRing = indicator.shadow !== 'none';
        expect(hasOutline || hasRing, `no focus indicator on target ${index}: ${JSON.stringify(indicator)}`).toBe(true);
        seen.add(index);
      }
    }
    expect(seen.size).toBe(targets.length);
  });
});
