import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSignupForm, markProfileCreated, saveSignupForm } from '@/lib/signup-form-storage';
import { jsonResponse, sampleSignupForm, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp, stubPage } from '@/testing/render-app';
import AuthConfirmRoute from './auth-confirm';

const VERIFIED = jsonResponse(200, { success: true, user: sampleUser({ emailVerified: true }) });
const SUBSCRIPTION = jsonResponse(200, { status: 'none', hasAccess: false });
const LINK = '/auth/confirm?token=abc123&type=signup';

function renderPage(path = LINK) {
  return renderWithApp(
    [
      { path: '/auth/confirm', Component: AuthConfirmRoute },
      stubPage('/signup'),
      stubPage('/createaccount'),
      stubPage('/payment'),
    ],
    path,
  );
}

function signedIn() {
  localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
  return {
    'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
    'GET /api/subscription/check': SUBSCRIPTION,
  };
}

describe('/auth/confirm', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('verifies the token and type, says so and goes to /payment', async () => {
    const api = mockApi({ 'POST /api/auth/verify': VERIFIED });
    const { router } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your e-mail' })).toBeInTheDocument();
    expect(await screen.findByText('Email Verified!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    expect(api.called('POST', '/api/auth/verify')[0]?.body).toEqual({ token: 'abc123', type: 'signup' });
  });

  it.each([
    ['no token', '/auth/confirm?type=signup'],
    ['no type', '/auth/confirm?token=abc123'],
    ['an unknown type', '/auth/confirm?token=abc123&type=recovery'],
  ])('calls a link with %s invalid without asking the server', async (_, path) => {
    const api = mockApi({});
    const { router } = renderPage(path);

    expect(await screen.findByText('Invalid Link')).toBeInTheDocument();
    expect(screen.getByText('This confirmation link is invalid or has expired.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(api.calls).toEqual([]);
  });

  it('calls a link the server refuses invalid', async () => {
    mockApi({
      'POST /api/auth/verify': jsonResponse(
        400,
        { statusCode: 400, message: 'This confirmation link is invalid or has expired.' },
        'Bad Request',
      ),
    });
    const { router } = renderPage();

    expect(await screen.findByText('Invalid Link')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('reports a failed confirmation and goes to /signup', async () => {
    mockApi({ 'POST /api/auth/verify': jsonResponse(503, {}, 'Service Unavailable') });
    const { router } = renderPage();

    expect(await screen.findByText('Confirmation Failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('creates the profile from the saved data, removes the data, then goes to /payment', async () => {
    saveSignupForm(sampleSignupForm());
    const api = mockApi({
      ...signedIn(),
      'POST /api/auth/verify': VERIFIED,
      'POST /api/runner-profile': jsonResponse(201, { profile: { id: 'p1' } }),
    });
    const { router } = renderPage();

    expect(await screen.findByText('Email Verified!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    expect(api.called('POST', '/api/runner-profile')[0]?.body).toMatchObject({
      userId: sampleUser().id,
      urlSlug: 'jane-runs-chicago',
      challenges: [{ amount: 50, description: 'Run a mile in a banana suit', isExclusive: false }],
    });
    expect(loadSignupForm()).toBeUndefined();
  });

  it('does not create the profile twice when this tab already created it', async () => {
    saveSignupForm(sampleSignupForm());
    markProfileCreated('jane-runs-chicago');
    const api = mockApi({ ...signedIn(), 'POST /api/auth/verify': VERIFIED });
    const { router } = renderPage();

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(api.called('POST', '/api/runner-profile')).toHaveLength(0);
  });

  it('sends a signed-out visitor with saved data to /createaccount to finish the page', async () => {
    saveSignupForm(sampleSignupForm());
    const api = mockApi({ 'POST /api/auth/verify': VERIFIED });
    const { router } = renderPage();

    expect(await screen.findByText('Sign in to finish creating your page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/createaccount');
    expect(api.called('POST', '/api/runner-profile')).toHaveLength(0);
    expect(loadSignupForm()).toEqual(sampleSignupForm());
  });

  it('keeps the saved data and goes to /createaccount when the profile cannot be created', async () => {
    saveSignupForm(sampleSignupForm());
    mockApi({
      ...signedIn(),
      'POST /api/auth/verify': VERIFIED,
      'POST /api/runner-profile': jsonResponse(500, {}, 'Internal Server Error'),
    });
    const { router } = renderPage();

    expect(await screen.findByText('Profile Creation Failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/createaccount');
    expect(loadSignupForm()).toEqual(sampleSignupForm());
  });
});
