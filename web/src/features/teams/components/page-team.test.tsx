import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, sampleOwnPage, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sampleMember, sampleTeam, secondMember } from '../testing/sample-team';
import { PageTeam } from './page-team';

const user = sampleUser();
const samsPage = { ...sampleOwnPage(), id: secondMember().runnerProfileId, name: 'Sam Lee', urlSlug: 'sam-runs' };

function routes(team: { slug: string; name: string } | null, captainSlug = 'jane-runs') {
  localStorage.setItem('runpledge:user', JSON.stringify(user));
  return {
    'GET /api/auth/me': jsonResponse(200, { user }),
    'GET /api/subscription/check': jsonResponse(200, {
      status: 'active',
      hasAccess: true,
      lifetimeAccess: false,
      trialEndsAt: null,
      currentPeriodEnd: null,
    }),
    'GET /api/runner-profile/sam-runs': jsonResponse(200, {
      // Only the page's team matters here.
      profile: { id: samsPage.id, urlSlug: 'sam-runs', name: 'Sam Lee', isOwner: true, team },
    }),
    'GET /api/teams/sick-kids?by=raised&page=1': jsonResponse(200, {
      team: sampleTeam({ captain: { name: 'Captain', pageSlug: captainSlug } }),
      members: [sampleMember(), secondMember()],
      page: 1,
      totalPages: 1,
    }),
  };
}

afterEach(() => localStorage.clear());

describe('PageTeam', () => {
  it('says nothing for a page in no team', async () => {
    const api = mockApi(routes(null));
    const { queryClient } = renderWithProviders(<PageTeam profile={samsPage} />);
    await waitFor(() => expect(api.called('GET', '/api/runner-profile/sam-runs')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText(/Team:/)).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/teams/'))).toBe(false);
  });

  it('names the team and lets the runner leave it after confirmation', async () => {
    const api = mockApi({
      ...routes({ slug: 'sick-kids', name: 'Sick Kids Runners' }),
      [`DELETE /api/teams/${sampleTeam().id}/members/${samsPage.id}`]: jsonResponse(200, { success: true }),
    });
    renderWithProviders(<PageTeam profile={samsPage} />);

    expect(await screen.findByRole('link', { name: 'Sick Kids Runners' })).toHaveAttribute('href', '/teams/sick-kids');
    fireEvent.click(await screen.findByRole('button', { name: /Leave team/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sam Lee leaves Sick Kids Runners.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText('Sam Lee left Sick Kids Runners')).toBeInTheDocument();
    expect(api.called('DELETE', `/api/teams/${sampleTeam().id}/members/${samsPage.id}`)).toHaveLength(1);
  });

  it('offers the captain’s page Manage instead of Leave', async () => {
    mockApi(routes({ slug: 'sick-kids', name: 'Sick Kids Runners' }, 'sam-runs'));
    renderWithProviders(<PageTeam profile={samsPage} />);

    expect(await screen.findByRole('link', { name: /Manage team/ })).toHaveAttribute('href', '/teams/sick-kids/manage');
    expect(screen.queryByRole('button', { name: /Leave team/ })).not.toBeInTheDocument();
  });
});
