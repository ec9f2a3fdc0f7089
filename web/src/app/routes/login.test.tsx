import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp, stubPage } from '@/testing/render-app';
import LoginRoute from './login';

function renderPage(path: string) {
  return renderWithApp(
    [{ path: '/login', Component: LoginRoute }, stubPage('/dashboard'), stubPage('/jane/fitness')],
    path,
  );
}

function signedIn() {
  localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
  return {
    'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
    'GET /api/subscription/check': jsonResponse(200, { status: 'none' }),
  };
}

describe('/login', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('sends a signed-in visitor to /dashboard when there is no redirect', async () => {
    mockApi(signedIn());
    const { router } = renderPage('/login');

    expect(await screen.findByRole('heading', { name: 'Stub /dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in visitor to the redirect path', async () => {
    mockApi(signedIn());
    const { router } = renderPage('/login?redirect=/jane/fitness');

    expect(await screen.findByRole('heading', { name: 'Stub /jane/fitness' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jane/fitness');
  });

  it.each(['//evil.com', 'https://evil.com/dashboard', '/\\evil.com'])(
    'goes to /dashboard instead of the off-site redirect %s',
    async (redirect) => {
      mockApi(signedIn());
      const { router } = renderPage(`/login?redirect=${encodeURIComponent(redirect)}`);

      expect(await screen.findByRole('heading', { name: 'Stub /dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('signs in and then follows the redirect', async () => {
    mockApi({
      'POST /api/auth/signin': jsonResponse(200, { user: sampleUser() }),
      'GET /api/subscription/check': jsonResponse(200, { status: 'none' }),
    });
    const { router } = renderPage('/login?redirect=/jane/fitness');

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    // The navigation follows the toast; on a busy machine it may land a tick later.
    await waitFor(() => expect(router.state.location.pathname).toBe('/jane/fitness'));
  });

  it('toggles to sign-up with its own heading and tab title', () => {
    mockApi({});
    renderPage('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(document.title).toBe('Sign up · RunPledge');
  });
});
