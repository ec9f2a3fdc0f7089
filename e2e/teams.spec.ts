import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BASE, SAME_ORIGIN, createPage, signedInContext, startTrial, unique, type TestUser } from './support/journeys';

// Teams: start one from the dashboard, share it, join an open team, ask to join an approval team
// and be approved, join by the captain's invite link, hand the team over and leave, at a desktop
// and a phone size, axe on the team page and the captain's panel. Hand-typed (Haku) pages, so a
// member's total can be changed by hand and a visitor sees the team's total follow.

test.use({ reducedMotion: 'reduce' });

const PHONE = { width: 390, height: 844 };

interface Runner extends TestUser {
  context: BrowserContext;
  slug: string;
}

/** A hand-typed page (Haku) of the runner behind `context`; the runner already has access, so it is published. */
async function handTypedPage(context: BrowserContext, name: string) {
  return createPage(context.request, {
    urlSlug: unique('team-e2e'),
    name,
    donationPlatform: 'haku',
    hakuDonationUrl: 'https://haku.example/jane',
    justGivingPageShortName: undefined,
    fundraisingGoal: 1000,
  });
}

/** A new runner with one published hand-typed page (trial started). */
async function publishedRunner(browser: Browser, name: string): Promise<Runner> {
  const { context, user } = await signedInContext(browser);
  const page = await handTypedPage(context, name);
  await startTrial(context, user.id, page.urlSlug);
  return { ...user, context, slug: page.urlSlug };
}

/** Waits for the page's code and data; nothing loading. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
}

let captain: Runner;
let runner: Runner;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  captain = await publishedRunner(browser, 'Cara Captain');
  runner = await publishedRunner(browser, 'Rory Runner');
});

test.afterAll(async () => {
  await captain?.context.close();
  await runner?.context.close();
});

test('a runner starts a team from the dashboard, shares it, another joins it, and a visitor sees the total move', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await captain.context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Start a team' }).click();
  const teamName = `Zoë’s Striders ${Date.now().toString(36)}`;
  await page.getByLabel('Team name').fill(teamName);
  // The address is suggested from the name, transliterated.
  await expect(page.getByLabel('Team address')).toHaveValue(/^zoes-striders-[a-z0-9]+$/);
  const slug = await page.getByLabel('Team address').inputValue();
  await page.getByLabel('Charity name').fill('Children’s Hospital');
  await page.getByLabel('Marathon name').fill('Chicago Marathon');
  await page.getByLabel('Marathon date').fill('2099-10-12');
  await page.getByLabel(/Team goal/).fill('5000');
  await page.getByLabel('Your page in the team').selectOption({ label: `Cara Captain (/${captain.slug})` });
  await page.getByLabel('Team story').fill('We run for the children’s hospital.');
  await page.getByRole('button', { name: 'Start the team' }).click();

  await page.waitForURL(`**/teams/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage team' })).toBeVisible();
  const share = page.getByRole('region', { name: 'Share' });
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(share.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(`${BASE}/teams/${slug}`)),
  );
  // Back does not submit the form again: the form was replaced by the team's page.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.close();

  // A second runner joins the open team at once.
  const joining = await runner.context.newPage();
  await joining.goto(`/teams/${slug}`);
  await joining.getByRole('button', { name: 'Join with Rory Runner' }).click();
  await expect(joining.getByText(`Rory Runner is now a member of ${teamName}.`)).toBeVisible();
  await joining.goto(`/${runner.slug}`);
  await expect(joining.getByText(/Member of/)).toContainText(teamName);

  // A visitor watches the team's total; the member types a new total on their page.
  const visitor = await browser.newContext({ baseURL: BASE });
  const watching = await visitor.newPage();
  await watching.goto(`/teams/${slug}`);
  await expect(watching.getByRole('list', { name: 'Members ranked' }).getByRole('link')).toHaveCount(2);
  await expect(watching.getByTestId('team-raised')).toHaveText('$0');
  await expect(watching.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute(
    'href',
    `/login?redirect=/teams/${slug}`,
  );

  await joining.getByRole('button', { name: 'Edit totals' }).click();
  await joining.getByLabel('Amount raised').fill('750');
  await joining.getByLabel('Number of donors').fill('12');
  await joining.getByRole('button', { name: 'Save' }).click();
  await expect(joining.getByTestId('funds-raised')).toHaveText('$750');

  // The team's sums follow the member's change (kept by events, so asked again until they show).
  await expect
    .poll(
      async () => {
        await watching.reload();
        return watching.getByTestId('team-raised').textContent();
      },
      { timeout: 20_000 },
    )
    .toBe('$750');
  await expect(watching.getByTestId('team-donors')).toHaveText('12');
  await visitor.close();
  await joining.close();
});

test('at a phone size: ask to join an approval team, the captain approves; join by invite; hand over and leave', async () => {
  test.setTimeout(90_000);
  // The captain's second page captains a team that approves each request (made through the API).
  const captainPage = await handTypedPage(captain.context, 'Cara Second');
  const slug = unique('approvers');
  const created = await captain.context.request.post('/api/teams', {
    headers: SAME_ORIGIN,
    data: {
      slug,
      name: 'The Approvers',
      story: '',
      charityName: 'Lifeboats',
      marathonName: 'London Marathon',
      marathonDate: '2099-04-26',
      currency: 'USD',
      goalAmount: 10000,
      joinRule: 'approval',
      captainProfileId: captainPage.id,
    },
  });
  expect(created.status()).toBe(201);
  const rorysRequestPage = await handTypedPage(runner.context, 'Rory Requests');
  const rorysInvitedPage = await handTypedPage(runner.context, 'Rory Invited');

  // The runner asks to join with one of their pages.
  const asking = await runner.context.newPage();
  await asking.setViewportSize(PHONE);
  await asking.goto(`/teams/${slug}`);
  await expect(asking.getByText('The captain approves each request to join.')).toBeVisible();
  await settle(asking);
  await expectNoSeriousA11yViolations(asking);
  await asking
    .getByLabel('Join with your page')
    .selectOption({ label: `Rory Requests (/${rorysRequestPage.urlSlug})` });
  await asking.getByRole('button', { name: 'Ask to join' }).click();
  await expect(asking.getByText('Request sent. The captain will let you know.')).toBeVisible();

  // The captain approves it from the panel.
  const panel = await captain.context.newPage();
  await panel.setViewportSize(PHONE);
  await panel.goto(`/teams/${slug}/manage`);
  const requests = panel.getByRole('list', { name: 'Join requests' });
  await expect(requests).toContainText('Rory Requests');
  await settle(panel);
  await expectNoSeriousA11yViolations(panel);
  await requests.getByRole('button', { name: /Approve/ }).click();
  await expect(panel.getByText('Rory Requests joined the team')).toBeVisible();
  await expect(panel.getByText('No requests waiting.')).toBeVisible();

  // The invite link lets the runner's other page in at once, approval or not.
  const invite = (await panel.getByTestId('invite-url').textContent())!;
  expect(invite).toMatch(new RegExp(`/teams/${slug}\\?invite=`));
  await asking.goto(new URL(invite).pathname + new URL(invite).search);
  await expect(asking.getByText('You were invited: you join at once.')).toBeVisible();
  // The page that already asked is in the team: its join is refused with the API's words.
  await asking
    .getByLabel('Join with your page')
    .selectOption({ label: `Rory Requests (/${rorysRequestPage.urlSlug})` });
  await asking.getByRole('button', { name: 'Join the team' }).click();
  await expect(asking.getByRole('alert')).toHaveText('This page is already in a team');
  await asking.getByLabel('Join with your page').selectOption({ label: `Rory Invited (/${rorysInvitedPage.urlSlug})` });
  await asking.getByRole('button', { name: 'Join the team' }).click();
  await expect(asking.getByText('Rory Invited is now a member of The Approvers.')).toBeVisible();

  // The captain hands the team over, then leaves it from the dashboard.
  await panel.reload();
  await panel.getByRole('button', { name: /Make captain\s?Rory Requests/ }).click();
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Hand over' }).click();
  await panel.waitForURL(`**/teams/${slug}`);
  await expect(panel.getByRole('link', { name: 'Manage team' })).toHaveCount(0);
  await panel.goto('/dashboard');
  await panel.getByRole('button', { name: /Leave team\s?The Approvers with Cara Second/ }).click();
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Leave team' }).click();
  await expect(panel.getByText('Cara Second left The Approvers')).toBeVisible();

  await asking.goto(`/teams/${slug}`);
  const members = asking.getByRole('list', { name: 'Members ranked' });
  await expect(members.getByRole('link')).toHaveCount(2);
  await expect(members.getByRole('link', { name: 'Rory Invited' })).toBeVisible();
  // The new captain is the page that asked first.
  await expect(members.getByRole('listitem').filter({ hasText: 'Captain' })).toContainText('Rory Requests');
  await panel.close();
  await asking.close();
});
