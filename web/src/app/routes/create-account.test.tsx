import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isProfileCreated, saveSignupForm } from '@/lib/signup-form-storage';
import { jsonResponse, sampleSignupForm, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp, stubPage } from '@/testing/render-app';
import CreateAccountRoute from './create-account';

const SUBSCRIPTION = jsonResponse(200, { status: 'none', hasAccess: false });
const PROFILE_CREATED = jsonResponse(201, { profile: { id: 'p1', urlSlug: 'jane-runs-chicago' } });

function renderPage() {
  return renderWithApp(
    [{ path: '/createaccount', Component: CreateAccountRoute }, stubPage('/signup'), stubPage('/payment')],
    '/createaccount',
  );
}

function signUp(email = 'jane@example.com', password = 'Secret123') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/createaccount', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends a visitor without saved form data back to /signup with a notice', async () => {
    mockApi({});
    const { router } = renderPage();

    expect(await screen.findByText('Please complete the form first')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('signs up, creates the profile from the saved data, then goes to /payment after 1.5 s', async () => {
    saveSignupForm(sampleSignupForm());
    const api = mockApi({
      'POST /api/auth/signup': jsonResponse(201, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION,
      'POST /api/runner-profile': PROFILE_CREATED,
    });
    const { router } = renderPage();
    expect(screen.getByText(`${window.location.host}/jane-runs-chicago`)).toBeInTheDocument();

    // The runner's browser says where they are: a race new to the directory is run there.
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US').resolvedOptions(),
      timeZone: 'Europe/London',
    });
    signUp();

    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    expect(
      screen.getByText('Your account has been created successfully. Redirecting to payment...'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Profile Created!')).toBeInTheDocument();
    expect(api.called('POST', '/api/runner-profile')[0]?.body).toEqual({
      userId: sampleUser().id,
      urlSlug: 'jane-runs-chicago',
      name: 'Jane Doe',
      marathonName: 'Chicago Marathon',
      marathonDate: '2099-10-12',
      goalHours: 3,
      goalMinutes: 45,
      charityLink: 'https://www.justgiving.com/fundraising/jane-runs',
      description: 'Running for the children’s hospital that looked after my son.',
      connectStrava: false,
      donationPlatform: 'justgiving',
      hakuDonationUrl: null,
      donorDriveEventUrl: null,
      donorDriveParticipantId: null,
      justGivingPageShortName: 'jane-runs',
      challenges: [{ amount: 50, description: 'Run a mile in a banana suit', isExclusive: false }],
      timeZone: 'Europe/London',
    });
    expect(isProfileCreated('jane-runs-chicago')).toBe(true);
    expect(router.state.location.pathname).toBe('/createaccount');

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'), { timeout: 10_000 });
    expect(window.dataLayer).toContainEqual({ event: 'funnel_step', step: 'profile_created', step_number: 4 });
  });

  it('waits 1.5 s, not less, before /payment', async () => {
    saveSignupForm(sampleSignupForm());
    mockApi({
      'POST /api/auth/signup': jsonResponse(201, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION,
      'POST /api/runner-profile': PROFILE_CREATED,
    });
    vi.useFakeTimers();
    const { router } = renderPage();
    signUp();
    // Lets the mocked calls answer without moving the clock past the 1.5 s.
    for (let i = 0; i < 20 && !screen.queryByText('Profile Created!'); i++) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    expect(screen.getByText('Profile Created!')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(router.state.location.pathname).toBe('/createaccount');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('switches to sign-in when the account exists, then signs in and creates the profile', async () => {
    saveSignupForm(sampleSignupForm());
    const api = mockApi({
      'POST /api/auth/signup': jsonResponse(
        409,
        { statusCode: 409, error: 'Conflict', message: 'User already registered' },
        'Conflict',
      ),
      'POST /api/auth/signin': jsonResponse(200, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION,
      'POST /api/runner-profile': PROFILE_CREATED,
    });
    renderPage();

    signUp();
    expect(await screen.findByText('Account exists')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByText('Profile Created!')).toBeInTheDocument();
    expect(api.called('POST', '/api/runner-profile')).toHaveLength(1);
  });

  it('creates the profile at once for a visitor who is already signed in', async () => {
    saveSignupForm(sampleSignupForm());
    localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
    const api = mockApi({
      'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION,
      'POST /api/runner-profile': PROFILE_CREATED,
    });
    renderPage();

    expect(await screen.findByText('Profile Created!')).toBeInTheDocument();
    expect(api.called('POST', '/api/runner-profile')).toHaveLength(1);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('says the profile could not be created and offers to try again', async () => {
    saveSignupForm(sampleSignupForm());
    let attempts = 0;
    mockApi({
      'POST /api/auth/signup': jsonResponse(201, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION,
      'POST /api/runner-profile': () =>
        ++attempts === 1 ? jsonResponse(500, {}, 'Internal Server Error') : PROFILE_CREATED.clone(),
    });
    const { router } = renderPage();

    signUp();

    expect(await screen.findAllByText('Profile Creation Failed')).not.toHaveLength(0);
    expect(screen.getAllByText('There was an error creating your profile. Please try again.')).not.toHaveLength(0);
    expect(router.state.location.pathname).toBe('/createaccount');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Profile Created!')).toBeInTheDocument();
  });

  it('explains a page address taken since the form was filled in', async () => {
    saveSignupForm(sampleSignupForm());
    mockApi({
      'POST /api/auth/signup': jsonResponse(201, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION,
      'POST /api/runner-profile': jsonResponse(409, { statusCode: 409, message: 'taken' }, 'Conflict'),
    });
    renderPage();

    signUp();

    expect(await screen.findByText('This page address is already taken. Please choose another.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit page details' })).toHaveAttribute('href', '/signup');
  });

  it('logs "Invalid form data" and stays put when the saved data fails the check', async () => {
    saveSignupForm(sampleSignupForm({ name: 'x'.repeat(101) }));
    const api = mockApi({
      'POST /api/auth/signup': jsonResponse(201, { user: sampleUser() }),
      'GET /api/subscription/check': SUBSCRIPTION,
    });
    const { router } = renderPage();

    signUp();

    expect(await screen.findByText('We could not read your page details')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Invalid form data');
    expect(api.called('POST', '/api/runner-profile')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(router.state.location.pathname).toBe('/createaccount');
  });
});
