import type { SubscriptionCheck } from '@runpledge/contracts';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { AlreadyHasAccess } from './already-has-access';
import { PaymentSuccess } from './payment-success';

const USER = { id: '6f1c1c3e-8a43-4c55-9a39-0c7f3f0a6a11', email: 'runner@example.com', emailVerified: true };
const TRIALING: SubscriptionCheck = {
  status: 'trialing',
  hasAccess: true,
  lifetimeAccess: false,
  trialEndsAt: '2026-12-24T10:00:00.000Z',
  currentPeriodEnd: null,
};

const signedIn = () => localStorage.setItem('runpledge:user', JSON.stringify(USER));
const purchases = () => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase');

const renderAt = (path: string, element: ReactNode) =>
  renderWithApp(
    [
      { path: '/payment', element },
      { path: '/:slug', element: <h1>Runner page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    path,
    { from: '/', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
  );

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('PaymentSuccess', () => {
  it('shows a signed-out visitor a plain notice with a sign-in link, asks billing nothing, counts nothing', async () => {
    const api = mockApi({ 'GET /api/auth/me': jsonResponse(401, { statusCode: 401, message: 'Unauthorized' }) });
    renderAt('/payment?success=true&session_id=cs_x', <PaymentSuccess sessionId="cs_x" />);

    expect(await screen.findByText('Nothing to show here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=/dashboard');
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(api.called('POST', '/api/subscription/reconcile')).toHaveLength(0);
    expect(purchases()).toHaveLength(0);
  });

  it('shows no success when billing says the session is not the runner’s', async () => {
    signedIn();
    mockApi({
      'GET /api/auth/me': jsonResponse(200, { user: USER }),
      'GET /api/subscription/check': jsonResponse(200, { ...TRIALING, status: 'none', hasAccess: false }),
      'POST /api/subscription/reconcile': jsonResponse(404, { statusCode: 404, message: 'Checkout session not found' }),
    });
    renderAt('/payment?success=true&session_id=cs_other', <PaymentSuccess sessionId="cs_other" />);

    expect(await screen.findByText(/This payment is not one of yours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(purchases()).toHaveLength(0);
  });

  it('counts purchase once per Checkout session, even shown twice, and replaces its history entry', async () => {
    signedIn();
    sessionStorage.setItem(
      'runpledge:signup-form',
      JSON.stringify({ value: { url_slug: 'jane-runs' }, expiresAt: Date.now() + 60_000 }),
    );
    mockApi({
      'GET /api/auth/me': jsonResponse(200, { user: USER }),
      'GET /api/subscription/check': jsonResponse(200, TRIALING),
      'POST /api/subscription/reconcile': jsonResponse(200, TRIALING),
      [`GET /api/user/profile-slug?userId=${USER.id}`]: jsonResponse(200, { slug: 'jane-runs' }),
    });
    const first = renderAt('/payment?success=true&session_id=cs_1', <PaymentSuccess sessionId="cs_1" />);
    expect((await screen.findAllByText('Payment Successful!')).length).toBeGreaterThan(0);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/jane-runs'), { timeout: 10_000 });
    // Replaced, not pushed: one step back is the page before /payment, not the success screen.
    expect(first.router.state.historyAction).toBe('REPLACE');
    first.unmount();

    // Back on the same success address (a reload, a typed URL): no second purchase.
    renderAt('/payment?success=true&session_id=cs_1', <PaymentSuccess sessionId="cs_1" />);
    expect((await screen.findAllByText('Payment Successful!')).length).toBeGreaterThan(0);
    expect(purchases()).toHaveLength(1);
    expect(purchases()[0]).toMatchObject({ value: 5, currency: 'USD', transaction_id: 'cs_1' });
  });
});

describe('AlreadyHasAccess', () => {
  it('gives the trial end date and links to the page and the dashboard', async () => {
    mockApi({ [`GET /api/user/profile-slug?userId=${USER.id}`]: jsonResponse(200, { slug: 'jane-runs' }) });
    renderAt('/payment', <AlreadyHasAccess userId={USER.id} subscription={TRIALING} />);

    expect(screen.getByRole('heading', { name: 'You already have access' })).toBeInTheDocument();
    expect(screen.getByText('Free trial active')).toBeInTheDocument();
    expect(screen.getByText(/^Your free trial runs until .*2026\.$/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View your page' })).toHaveAttribute('href', '/jane-runs');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Start Free Trial' })).toBeNull();
  });

  it('says lifetime access means nothing to pay, and still links to the dashboard without a page', async () => {
    mockApi({
      [`GET /api/user/profile-slug?userId=${USER.id}`]: jsonResponse(404, { statusCode: 404, message: 'No page' }),
    });
    renderAt(
      '/payment',
      <AlreadyHasAccess
        userId={USER.id}
        subscription={{ ...TRIALING, status: 'lifetime', lifetimeAccess: true, trialEndsAt: null }}
      />,
    );

    expect(
      screen.getByText('You have lifetime access: your page stays live, with nothing to pay.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View your page' })).toBeNull());
  });
});
