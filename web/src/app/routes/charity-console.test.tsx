import type { CharityPageResponse } from '@runpledge/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleCharity, sampleCharityPage } from '@/testing/sample-charity';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { routes } from '../router';

const ID = sampleCharity().id;
const answer = (isStaff: boolean): CharityPageResponse => sampleCharityPage(sampleCharity({ isStaff }));

function signedIn() {
  localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
  return {
    'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
    'GET /api/subscription/check': jsonResponse(200, { status: 'none' }),
  };
}

describe('/charities/{slug}/console', () => {
  beforeAll(() => Promise.all([import('./charity'), import('./charity-console'), import('./login')]));
  afterEach(() => localStorage.clear());

  it('sends a signed-out visitor to sign in first, and back after', async () => {
    mockApi({});
    const { router } = renderWithApp(routes, '/charities/rivers/console');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/charities/rivers/console');
  });

  it('is reached from the Console link the charity page shows its staff', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/charities/rivers?by=raised&page=1': jsonResponse(200, answer(true)),
      [`GET /api/charities/${ID}/runners?sort=name&page=1`]: jsonResponse(200, { runners: [], page: 1, totalPages: 1 }),
      [`GET /api/charities/${ID}/staff`]: jsonResponse(403, { statusCode: 403, message: 'Only an admin can do that' }),
    });
    const { router } = renderWithApp(routes, '/charities/rivers');
    fireEvent.click(await screen.findByRole('link', { name: 'Console' }));

    expect(await screen.findByRole('heading', { name: 'Runners' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/charities/rivers/console');
    expect(await screen.findByText(/No runner’s page names the charity yet/)).toBeInTheDocument();
  });

  it('shows no Console link to a signed-in visitor who is not staff', async () => {
    mockApi({ ...signedIn(), 'GET /api/charities/rivers?by=raised&page=1': jsonResponse(200, answer(false)) });
    renderWithApp(routes, '/charities/rivers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rivers Trust' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });
});
