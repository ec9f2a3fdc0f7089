import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { RequireAuth } from '@/app/require-auth';
import { PageLayout } from './page-layout';

const innerPage = { path: '/fitness', element: <PageLayout>Inner page</PageLayout> };
const home = { path: '/', element: <h1>Home page</h1> };

describe('AppHeader on every inner page', () => {
  afterEach(() => localStorage.clear());

  it('offers sign in to a visitor', () => {
    mockApi({});
    renderWithApp([innerPage], '/fitness');

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows home, dashboard and the account menu (settings, billing, sign out) when signed in', async () => {
    const user = sampleUser();
    localStorage.setItem('runpledge:user', JSON.stringify(user));
    const api = mockApi({
      'GET /api/auth/me': jsonResponse(200, { user }),
      'GET /api/subscription/check': jsonResponse(200, { status: 'trialing' }),
      'POST /api/auth/signout': jsonResponse(200, { success: true }),
    });
    // A signed-in page: signing out from it must land home, not on its guard's /login.
    const { router } = renderWithApp([{ Component: RequireAuth, children: [innerPage] }, home], '/fitness');

    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'RunPledge home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const menuButton = within(header).getByRole('button', { name: /Account/ });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(header).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(header).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/settings#billing');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    fireEvent.click(menuButton);
    fireEvent.click(within(header).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.called('POST', '/api/auth/signout')).toHaveLength(1);
    expect(localStorage.getItem('runpledge:user')).toBeNull();
  });
});
