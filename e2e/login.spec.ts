import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Marathon2026';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Creates an account through the API and leaves the browser signed out. */
async function registeredEmail(page: Page): Promise<string> {
  const email = uniqueEmail('login');
  const response = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(201);
  await page.request.post('/api/auth/signout', { data: {} });
  return email;
}

test('a signed-out visitor to /dashboard is sent to /login?redirect=/dashboard', async ({ page }) => {
  await page.goto('/dashboard');

  await expect(page).toHaveURL(/\/login\?redirect=\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('signing in follows the redirect parameter back to /dashboard', async ({ page }) => {
  const email = await registeredEmail(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=\/dashboard$/);

  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText("You've been signed in successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-in visitor to /login goes to the redirect path, or /dashboard for an off-site one', async ({ page }) => {
  const email = await registeredEmail(page);
  await page.goto('/login');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/login?redirect=/signup');
  await expect(page).toHaveURL(/\/signup$/);

  for (const offSite of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
    await page.goto(`/login?redirect=${encodeURIComponent(offSite)}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  }
});

test('the session survives a reload and ends when the server says it has', async ({ page }) => {
  const email = await registeredEmail(page);
  await page.goto('/login?redirect=/dashboard');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.request.post('/api/auth/signout', { data: {} });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('runpledge:user'))).toBeNull();
});

test('a wrong password gives "Authentication Error" and keeps the visitor on /login', async ({ page }) => {
  const email = await registeredEmail(page);
  await page.goto('/login');

  await fillCredentials(page, email, 'Wrong-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Authentication Error')).toBeVisible();
  await expect(page.getByText('Invalid credentials. Please check your email and password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-in and sign-up messages of spec 5 appear', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign In' });

  await submit.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await fillCredentials(page, 'not-an-email', 'x');
  await submit.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Account' });
  for (const [password, message] of [
    ['Short1', 'Password must be at least 8 characters long'],
    ['PASSWORD123', 'Password must contain at least one lowercase letter'],
    ['password123', 'Password must contain at least one uppercase letter'],
    ['Passwords', 'Password must contain at least one number'],
  ]) {
    await fillCredentials(page, uniqueEmail('rules'), password!);
    await create.click();
    await expect(page.getByText(message!)).toBeVisible();
  }
});

test('signing up on /login creates the account and honours the redirect', async ({ page }) => {
  await page.goto('/login?redirect=/dashboard');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await fillCredentials(page, uniqueEmail('new'), PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing up with a registered e-mail switches to sign-in with "Account exists"', async ({ page }) => {
  const email = await registeredEmail(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account exists')).toBeVisible();
  await expect(page.getByText('An account with this email already exists. Please sign in instead.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/login fits a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
