import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from './provider';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The app's own providers: pages read the API through TanStack Query and speak through toasts.
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('routes', () => {
  it('renders the landing page at /', async () => {
    renderAt('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marathon Fundraising Made Easy' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your Page' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('Free for 30 days • Cancel anytime')).toBeInTheDocument();
    expect(screen.getByText('Empowering runners to make a difference, one mile at a time.')).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign in · RunPledge'],
    ['/signup', 'Fundraising details · RunPledge'],
    ['/createaccount', 'Create account · RunPledge'],
    ['/payment?canceled=true', 'Start your free trial · RunPledge'],
    ['/dashboard', 'Dashboard · RunPledge'],
    ['/auth/confirm?token=t&type=signup', 'Confirm e-mail · RunPledge'],
    ['/jane-doe/fitness', 'Fitness integrations · RunPledge'],
    ['/jane-doe', 'jane-doe · RunPledge'],
    ['/test-sample', 'Sample page: sample · RunPledge'],
    ['/jane-doe/fitness/extra', 'Page not found · RunPledge'],
  ])('renders a titled page at %s', async (path, title) => {
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(document.title).toBe(title);
  });

  it('renders the debug page, not a runner page, for a slug starting with test-', async () => {
    renderAt('/test-sample');

    expect(await screen.findByRole('heading', { level: 1, name: /Sample runner page/ })).toBeInTheDocument();
  });
});
