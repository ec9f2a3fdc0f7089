import { CHARITY_CONSENT, type CharityPageResponse } from '@runpledge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSignupForm, saveSignupForm } from '@/lib/signup-form-storage';
import { jsonResponse, sampleSignupForm, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp, stubPage } from '@/testing/render-app';
import { loadSuggestSlug } from '../hooks/use-suggest-slug';
import { CreateAccount } from './create-account';
import { SignupForm } from './signup-form';
import { sampleCharity } from '@/testing/sample-charity';

const rivers = sampleCharity();
const riversPage: CharityPageResponse = { charity: rivers, runners: [], teams: [], events: [], page: 1, totalPages: 1 };

const available = (slug: string) => jsonResponse(200, { slug, available: true });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderForm(path = '/signup') {
  const onSaved = vi.fn();
  const view = renderWithApp([{ path: '/signup', element: <SignupForm onSaved={onSaved} /> }], path);
  return { ...view, onSaved };
}

function fillRequired() {
  type('Your Name', 'Jane Doe');
  type('Marathon Name', 'Chicago Marathon');
  type('Marathon Date', '2099-10-12');
  type('Donation Platform', 'justgiving');
  type('JustGiving page short name', 'jane-runs');
  type('Your Story', 'Running for the hospital.');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Account Creation' }));

describe('SignupForm: the charity a page names', () => {
  beforeAll(async () => {
    await loadSuggestSlug();
  });

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps the chosen charity in the saved form, so it is there again after "Back" or a reload', async () => {
    mockApi({
      'GET /api/slug-availability?slug=jane-doe': available('jane-doe'),
      'GET /api/charities?query=rivers&page=1': jsonResponse(200, { charities: [rivers], page: 1, totalPages: 1 }),
      'GET /api/events?query=Chicago+Marathon': jsonResponse(200, { events: [], page: 1, totalPages: 1 }),
    });
    const first = renderForm();
    fillRequired();

    fireEvent.change(await screen.findByLabelText('Find your charity (optional)'), { target: { value: 'rivers' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Rivers Trust' }));
    expect(screen.getByText(CHARITY_CONSENT)).toBeInTheDocument();
    submit();

    expect(first.onSaved).toHaveBeenCalledTimes(1);
    expect(loadSignupForm()).toMatchObject({ url_slug: 'jane-doe', charity: { id: rivers.id, name: 'Rivers Trust' } });

    first.unmount();
    renderForm();
    expect(await screen.findByRole('button', { name: 'Leave Rivers Trust' })).toBeInTheDocument();
  });

  it('saves no charity once the runner leaves it', async () => {
    saveSignupForm(sampleSignupForm({ charity: { id: rivers.id, name: 'Rivers Trust' } }));
    mockApi({ 'GET /api/slug-availability?slug=jane-runs-chicago': available('jane-runs-chicago') });
    const { onSaved } = renderForm();

    fireEvent.click(await screen.findByRole('button', { name: 'Leave Rivers Trust' }));
    submit();

    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(loadSignupForm()).not.toHaveProperty('charity');
  });

  it('chooses the charity of a "Run for us" link (/signup?charity={slug})', async () => {
    const api = mockApi({
      'GET /api/charities/rivers?by=raised&page=1': jsonResponse(200, riversPage),
      'GET /api/slug-availability?slug=jane-doe': available('jane-doe'),
      'GET /api/events?query=Chicago+Marathon': jsonResponse(200, { events: [], page: 1, totalPages: 1 }),
    });
    renderForm('/signup?charity=rivers');

    expect(await screen.findByRole('button', { name: 'Leave Rivers Trust' })).toBeInTheDocument();
    expect(api.called('GET', '/api/charities/rivers?by=raised&page=1')).toHaveLength(1);
    fillRequired();
    submit();

    expect(loadSignupForm()).toMatchObject({ charity: { id: rivers.id, name: 'Rivers Trust' } });
  });

  it('creates the page naming the saved charity as charityId', async () => {
    saveSignupForm(sampleSignupForm({ charity: { id: rivers.id, name: 'Rivers Trust' } }));
    localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
    const api = mockApi({
      'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
      'GET /api/subscription/check': jsonResponse(200, { status: 'none', hasAccess: false }),
      'POST /api/runner-profile': jsonResponse(201, { profile: { id: 'p1', urlSlug: 'jane-runs-chicago' } }),
    });
    renderWithApp([{ path: '/createaccount', element: <CreateAccount /> }, stubPage('/payment')], '/createaccount');

    await waitFor(() => expect(api.called('POST', '/api/runner-profile')).toHaveLength(1));
    const body = api.called('POST', '/api/runner-profile')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ urlSlug: 'jane-runs-chicago', charityId: rivers.id });
    // The name is for the form to show: the server takes the listed charity's own.
    expect(body).not.toHaveProperty('charity');
    expect(body).not.toHaveProperty('charityName');
  });
});
