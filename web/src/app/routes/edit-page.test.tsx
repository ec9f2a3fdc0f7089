import { CHARITY_CONSENT, type ProfileView } from '@runpledge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleProfileView } from '@/features/runner-page/testing/sample-profile';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp, stubPage } from '@/testing/render-app';
import EditPageRoute from './edit-page';

const RIVERS = { id: '6f1f7c1e-2f0e-4e43-9a3c-3a4c8f6c2d11', name: 'Rivers Trust', slug: 'rivers' };
const OTHER = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Riverside Kids', slug: 'riverside-kids' };

function signedInOwner(page: ProfileView) {
  localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
  return {
    'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
    'GET /api/subscription/check': jsonResponse(200, { status: 'active', hasAccess: true }),
    'GET /api/runner-profile/jane-runs': jsonResponse(200, { profile: page }),
  };
}

function renderPage() {
  return renderWithApp([{ path: '/:slug/edit', Component: EditPageRoute }, stubPage('/jane-runs')], '/jane-runs/edit');
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const putBodies = (api: ReturnType<typeof mockApi>) =>
  api.called('PUT', '/api/runner-profile/0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60').map((c) => c.body);

describe('/{slug}/edit: the charity the page names', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('shows the page’s charity with what it sees, and leaving it saves charityId null', async () => {
    const page = sampleProfileView({
      isOwner: true,
      charityId: RIVERS.id,
      charityName: RIVERS.name,
      charitySlug: RIVERS.slug,
    });
    const api = mockApi({
      ...signedInOwner(page),
      'PUT /api/runner-profile/0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60': jsonResponse(200, {
        profile: { ...page, charityId: null, charitySlug: null },
      }),
    });
    const { router } = renderPage();

    expect(await screen.findByRole('button', { name: 'Leave Rivers Trust' })).toBeInTheDocument();
    expect(screen.getByText(CHARITY_CONSENT)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Leave Rivers Trust' }));
    expect(screen.getByText(/Save your changes to leave Rivers Trust/)).toBeInTheDocument();
    save();

    await waitFor(() => expect(router.state.location.pathname).toBe('/jane-runs'));
    expect(putBodies(api)[0]).toMatchObject({ charityId: null });
  });

  it('sends a newly chosen charity, and nothing about the charity when it did not change', async () => {
    const page = sampleProfileView({ isOwner: true });
    const api = mockApi({
      ...signedInOwner(page),
      'GET /api/charities?query=riverside&page=1': jsonResponse(200, {
        charities: [
          {
            ...OTHER,
            website: 'https://riverside.example.org',
            registeredNumber: null,
            country: 'GB',
            mission: 'Clubs',
            verified: false,
            totals: [],
            runnerCount: 0,
            teamCount: 0,
            miles: 0,
            isStaff: false,
          },
        ],
        page: 1,
        totalPages: 1,
      }),
      'GET /api/events?query=Chicago+Marathon': jsonResponse(200, { events: [], page: 1, totalPages: 1 }),
      'PUT /api/runner-profile/0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60': jsonResponse(200, { profile: page }),
    });
    const { router, unmount } = renderPage();

    fireEvent.change(await screen.findByLabelText('Find your charity (optional)'), {
      target: { value: 'riverside' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Riverside Kids' }));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/jane-runs'));
    expect(putBodies(api)[0]).toMatchObject({ charityId: OTHER.id });
    unmount();

    const again = renderPage();
    await screen.findByLabelText('Find your charity (optional)');
    save();
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/jane-runs'));
    expect(putBodies(api)[1]).not.toHaveProperty('charityId');
  });
});
