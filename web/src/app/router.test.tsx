import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSignupForm } from '@/lib/signup-form-storage';
import { sampleSignupForm } from '@/testing/fixtures';
import { AppProvider } from './provider';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('routes', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    // Pages that call the API on arrival (e-mail confirmation) wait forever instead of reaching a network.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  });

  it('renders the landing page at /', async () => {
    renderAt('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marathon Fundraising Made Easy, Interactive and Fun' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your Page' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.getAllByText('Free for 30 days • Cancel anytime')[0]).toBeInTheDocument();
    expect(screen.getByText('Empowering runners to make a difference, one mile at a time.')).toBeInTheDocument();
    // Twemoji's CC-BY 4.0 licence: the emoji on share cards and posters are credited.
    expect(screen.getByRole('link', { name: 'Twemoji' })).toHaveAttribute('href', 'https://github.com/jdecked/twemoji');
    expect(screen.getByRole('link', { name: 'CC-BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
  });

  it.each([
    ['/login', 'Sign in · RunPledge'],
    ['/signup', 'Fundraising details · RunPledge'],
    ['/payment?canceled=true', 'Start your free trial · RunPledge'],
    ['/auth/confirm?token=t&type=signup', 'Confirm e-mail · RunPledge'],
    ['/pledges/confirm?token=t', 'Confirm your pledge · RunPledge'],
    ['/pledges/7d1f0a4e-3b2c-4d5e-8f90-1a2b3c4d5e6f/cancel?token=t', 'Cancel your pledge · RunPledge'],
    ['/jane-doe/fitness', 'Fitness integrations · RunPledge'],
    ['/jane-doe', 'jane-doe · RunPledge'],
    ['/test-sample', 'Sample runner page · RunPledge'],
    ['/jane-doe/fitness/extra', 'Page not found · RunPledge'],
  ])('renders a titled page at %s', async (path, title) => {
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(document.title).toBe(title);
  });

  it('renders the sample page, not a runner page, for a slug starting with test-', async () => {
    renderAt('/test-sample');

    expect(await screen.findByRole('complementary', { name: 'Sample page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor from /dashboard to /login, coming back to /dashboard after', async () => {
    const router = renderAt('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/dashboard');
  });

  it('shows the account form at /createaccount when the /signup data is saved', async () => {
    saveSignupForm(sampleSignupForm());
    renderAt('/createaccount');

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(document.title).toBe('Create account · RunPledge');
  });

  it('sends a visitor without saved /signup data from /createaccount back to /signup', async () => {
    const router = renderAt('/createaccount');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByText('Please complete the form first')).toBeInTheDocument();
  });
});
