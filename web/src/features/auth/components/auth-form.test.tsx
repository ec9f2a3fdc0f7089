import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import type { AuthMode } from '../utils/auth-errors';
import { AuthForm } from './auth-form';

function Harness({ initialMode }: { initialMode: AuthMode }) {
  const [mode, setMode] = useState(initialMode);
  const { user } = useAuth();
  return (
    <>
      <p>{user ? `Signed in as ${user.email}` : 'Signed out'}</p>
      <AuthForm
        formName="login"
        mode={mode}
        onModeChange={setMode}
        accountCreatedDescription="Your account has been created successfully."
      />
    </>
  );
}

function renderForm(initialMode: AuthMode) {
  return renderWithApp([{ path: '/', element: <Harness initialMode={initialMode} /> }], '/');
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

const SUBSCRIPTION_OK = jsonResponse(200, { status: 'none', hasAccess: false });

describe('AuthForm', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it.each([
    ['', 'Secret123', 'Email is required'],
    ['not-an-email', 'Secret123', 'Please enter a valid email address'],
    ['jane@example.com', '', 'Password is required'],
    ['jane@example.com', 'Sh0rt', 'Password must be at least 8 characters long'],
    ['jane@example.com', 'SECRET123', 'Password must contain at least one lowercase letter'],
    ['jane@example.com', 'secret123', 'Password must contain at least one uppercase letter'],
    ['jane@example.com', 'SecretPass', 'Password must contain at least one number'],
  ])('refuses sign-up with %j / %j: "%s", and calls no server', (email, password, message) => {
    const api = mockApi({});
    renderForm('signup');

    fill(email, password);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByText(message)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('marks the failing field invalid, describes it with the message and focuses it', () => {
    mockApi({});
    renderForm('signup');

    fill('jane@example.com', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters long'),
    );
    expect(password).toHaveFocus();
  });

  it('does not apply the sign-up password rules to sign-in', async () => {
    const api = mockApi({
      'POST /api/auth/signin': jsonResponse(200, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION_OK,
    });
    renderForm('signin');

    fill('  Jane@Example.com ', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText("You've been signed in successfully.")).toBeInTheDocument();
    expect(screen.getByText('Signed in as jane@example.com')).toBeInTheDocument();
    // E-mail trimmed (spec 5) and lower-cased by the shared schema.
    expect(api.called('POST', '/api/auth/signin')[0]?.body).toEqual({ email: 'jane@example.com', password: 'short' });
  });

  it('signs up and says the account was created', async () => {
    mockApi({
      'POST /api/auth/signup': jsonResponse(201, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION_OK,
    });
    renderForm('signup');

    fill('jane@example.com', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
    expect(window.dataLayer).toContainEqual({ event: 'funnel_step', step: 'account_created', step_number: 3 });
    expect(window.dataLayer).toContainEqual({ event: 'form_complete', form_name: 'login' });
  });

  it('switches to sign-in with "Account exists" when the e-mail is already registered', async () => {
    mockApi({
      'POST /api/auth/signup': jsonResponse(
        409,
        { statusCode: 409, error: 'Conflict', message: 'User already registered' },
        'Conflict',
      ),
    });
    renderForm('signup');

    fill('jane@example.com', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account exists')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists. Please sign in instead.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // What was typed stays, so signing in is one click away.
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it('says the credentials are invalid when sign-in is refused', async () => {
    mockApi({
      'POST /api/auth/signin': jsonResponse(
        401,
        { statusCode: 401, error: 'Unauthorized', message: 'Invalid login credentials' },
        'Unauthorized',
      ),
    });
    renderForm('signin');

    fill('jane@example.com', 'Wrong1234');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials. Please check your email and password.')).toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('says something unexpected happened when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderForm('signin');

    fill('jane@example.com', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('toggles between sign-in and sign-up', () => {
    mockApi({});
    renderForm('signin');

    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Password requirements' })).not.toBeInTheDocument();
  });

  it('ticks off the password rules as they are met', async () => {
    mockApi({});
    renderForm('signup');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcdefgh' } });

    const rules = screen.getByRole('list', { name: 'Password requirements' });
    await waitFor(() => expect(rules).toHaveTextContent('At least 8 characters (met)'));
    expect(rules).toHaveTextContent('A lowercase letter (met)');
    expect(rules).toHaveTextContent('An uppercase letter (not met yet)');
    expect(rules).toHaveTextContent('A number (not met yet)');
  });
});
