import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from '@/lib/leave-for';
import { renderWithApp } from '@/testing/render-app';
import PaymentRoute from './payment';

vi.mock('@/lib/leave-for', () => ({ leaveFor: vi.fn() }));

const USER = { id: '6f1c1c3e-8a43-4c55-9a39-0c7f3f0a6a11', email: 'runner@example.com', emailVerified: true };
type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply>;
let requests: Array<{ method: string; path: string; body: unknown }>;

beforeEach(() => {
  replies = {
    'GET /api/auth/me': { status: 200, body: { user: USER } },
    'GET /api/subscription/config': { status: 200, body: { testMode: true } },
  };
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      requests.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[`${method} ${path.split('?')[0]}`] ?? { status: 404, body: { message: 'Not Found' } };
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status,
        statusText: reply.status === 200 ? 'OK' : 'Error',
      });
    }),
  );
  sessionStorage.clear();
  // Signed in: the auth provider starts from the saved user and confirms it with /api/auth/me.
  localStorage.setItem('runpledge:user', JSON.stringify(USER));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockReset();
});

const renderAt = (path: string) =>
  renderWithApp(
    [
      { path: '/payment', Component: PaymentRoute },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/:slug', element: <h1>Runner page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    path,
  ).router;

const saveSignup = (slug: string) =>
  sessionStorage.setItem(
    'runpledge:signup-form',
    JSON.stringify({ value: { url_slug: slug }, expiresAt: Date.now() + 60_000 }),
  );
const startTrial = async () => {
  const button = await screen.findByRole('button', { name: 'Start Free Trial' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
};
const checkoutRequest = () => requests.find((r) => r.path === '/api/subscription/create-checkout');

describe('/payment', () => {
  it('shows the offer in the spec’s words, with a test mode badge and the way back', async () => {
    renderAt('/payment');
    const text = (wanted: RegExp) => (_: string, element: Element | null) =>
      element?.tagName === 'P' && wanted.test(element.textContent ?? '');
    expect(await screen.findByText(text(/^30 Days FREE$/))).toBeInTheDocument();
    expect(screen.getByText(text(/^then \$5\/month/))).toBeInTheDocument();
    for (const feature of [
      'Connect Strava and other fitness tracking',
      'Real-time training progress',
      'Custom fundraising challenges',
      'Beautiful donor experience',
      'Social media integration',
    ]) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(await screen.findByText('test mode')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to account setup' })).toHaveAttribute('href', '/createaccount');
  });

  it('opens the discount code field with the toggle', async () => {
    renderAt('/payment');
    const toggle = await screen.findByRole('button', { name: 'Have a discount code?' });
    expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Discount code')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login with Authentication Required', async () => {
    replies['GET /api/auth/me'] = { status: 401, body: { message: 'Please sign in to continue.' } };
    localStorage.removeItem('runpledge:user');
    const router = renderAt('/payment');
    await startTrial();
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(checkoutRequest()).toBeUndefined();
  });

  it('starts Checkout for the signed-in runner and goes to its page', async () => {
    replies['POST /api/subscription/create-checkout'] = { status: 200, body: { url: 'http://stripe.test/c/pay/cs_1' } };
    renderAt('/payment');
    await startTrial();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://stripe.test/c/pay/cs_1'));
    expect(checkoutRequest()?.body).toEqual({
      userId: USER.id,
      successUrl: `${window.location.origin}/payment?success=true`,
      cancelUrl: `${window.location.origin}/payment?canceled=true`,
    });
    expect(window.dataLayer).toContainEqual({ event: 'begin_checkout', value: 5, currency: 'USD' });
    expect(window.dataLayer).toContainEqual({ event: 'funnel_step', step: 'checkout_started', step_number: 5 });
    expect(window.dataLayer).not.toContainEqual(expect.objectContaining({ step: 'page_live' }));
  });

  it('applies a Stripe promotion code and reports it', async () => {
    replies['POST /api/subscription/create-checkout'] = { status: 200, body: { url: 'http://stripe.test/c/pay/cs_2' } };
    renderAt('/payment');
    fireEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: ' RUN50 ' } });
    await startTrial();
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(checkoutRequest()?.body).toMatchObject({ discountCode: 'RUN50' });
    expect(window.dataLayer).toContainEqual({
      event: 'discount_code_applied',
      discount_code: 'RUN50',
      lifetime_access: false,
    });
  });

  it('grants lifetime access and opens the runner’s page 2 s later', async () => {
    saveSignup('jane-runs');
    replies['POST /api/subscription/create-checkout'] = {
      status: 200,
      body: { lifetimeAccess: true, message: 'Your code gives you lifetime access.' },
    };
    const router = renderAt('/payment');
    fireEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'FOREVER' } });
    await startTrial();
    expect(await screen.findByText('Lifetime Access Granted!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/jane-runs'), { timeout: 10_000 });
    expect(sessionStorage.getItem('runpledge:signup-form')).toBeNull();
    expect(window.dataLayer).toContainEqual({ event: 'purchase', value: 0, currency: 'USD', lifetime_access: true });
    expect(window.dataLayer).toContainEqual({ event: 'funnel_step', step: 'page_live', step_number: 6 });
  });

  it('shows Invalid discount code for a code that is unknown or used up', async () => {
    replies['POST /api/subscription/create-checkout'] = { status: 400, body: { message: 'Invalid discount code' } };
    renderAt('/payment');
    fireEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'NOPE' } });
    await startTrial();
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription('Invalid discount code');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('takes an already subscribed runner to their page instead of showing an error', async () => {
    saveSignup('jane-runs');
    replies['POST /api/subscription/create-checkout'] = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Your subscription is already active.' },
    };
    const router = renderAt('/payment');
    await startTrial();
    expect(await screen.findByText('Already subscribed')).toBeInTheDocument();
    expect(screen.getByText('Your subscription is already active.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Error')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/jane-runs'), { timeout: 10_000 });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('says Payment Error when no checkout URL comes back', async () => {
    replies['POST /api/subscription/create-checkout'] = { status: 200, body: {} };
    renderAt('/payment');
    await startTrial();
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to create checkout session. Please try again.')).toBeInTheDocument();
  });

  it('on success reconciles, clears the saved data and opens the page from the profile-slug call', async () => {
    sessionStorage.setItem(
      'runpledge:signup-form',
      JSON.stringify({ value: { url_slug: '' }, expiresAt: Date.now() + 60_000 }),
    );
    replies['POST /api/subscription/reconcile'] = { status: 200, body: { status: 'trialing' } };
    replies['GET /api/user/profile-slug'] = { status: 200, body: { slug: 'from-server' } };
    const router = renderAt('/payment?success=true&session_id=cs_9');
    expect(await screen.findAllByText('Payment Successful!')).not.toHaveLength(0);
    expect(screen.getAllByText(/free trial has started/)).not.toHaveLength(0);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/subscription/reconcile')).toBe(true));
    expect(requests.find((r) => r.path === '/api/subscription/reconcile')?.body).toEqual({ sessionId: 'cs_9' });
    expect(sessionStorage.getItem('runpledge:signup-form')).toBeNull();
    expect(window.dataLayer).toContainEqual({ event: 'purchase', value: 5, currency: 'USD', transaction_id: 'cs_9' });
    expect(window.dataLayer).toContainEqual({ event: 'funnel_step', step: 'page_live', step_number: 6 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/from-server'), { timeout: 10_000 });
    expect(requests.find((r) => r.path.startsWith('/api/user/profile-slug'))?.path).toBe(
      `/api/user/profile-slug?userId=${USER.id}`,
    );
  });

  it('on success goes home when no slug can be found', async () => {
    replies['POST /api/subscription/reconcile'] = { status: 200, body: { status: 'trialing' } };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAt('/payment?success=true&session_id=cs_10');
    expect(await screen.findAllByText('Payment Successful!')).not.toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1900);
    });
    expect(router.state.location.pathname).toBe('/payment');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows no success screen without a Checkout session of the signed-in runner', async () => {
    const router = renderAt('/payment?success=true');
    expect(await screen.findByText('Nothing to show here')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(requests.some((r) => r.path === '/api/subscription/reconcile')).toBe(false);
    expect(window.dataLayer ?? []).not.toContainEqual(expect.objectContaining({ event: 'purchase' }));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('shows the canceled notice and lets the runner try again', async () => {
    renderAt('/payment?canceled=true');
    expect(await screen.findAllByText('Payment Canceled')).not.toHaveLength(0);
    expect(screen.getAllByText('Your payment was canceled. You can try again anytime.')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toBeInTheDocument();
  });
});
