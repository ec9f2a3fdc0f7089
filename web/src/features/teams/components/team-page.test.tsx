import { PAGE_ALREADY_IN_TEAM, teamCurrencyMessage, type Team, type TeamMember } from '@runpledge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, sampleOwnPage, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sampleMember, sampleTeam, secondMember } from '../testing/sample-team';
import { TeamPage } from './team-page';

const user = sampleUser({ email: 'sam@example.com' });
const samsPage = {
  ...sampleOwnPage(),
  id: '1c7a3e0f-7b63-4d2f-8a68-4e2d3c5b6a71',
  name: 'Sam Lee',
  urlSlug: 'sam-runs',
};

function teamAnswer(team: Team, members: TeamMember[] = [sampleMember(), secondMember()], page = 1, totalPages = 1) {
  return jsonResponse(200, { team, members, page, totalPages });
}

function routes({ signedIn = false, team = sampleTeam() } = {}) {
  if (signedIn) localStorage.setItem('runpledge:user', JSON.stringify(user));
  return {
    'GET /api/auth/me': signedIn ? jsonResponse(200, { user }) : jsonResponse(401, undefined, 'Unauthorized'),
    'GET /api/subscription/check': jsonResponse(200, {
      status: 'active',
      hasAccess: true,
      lifetimeAccess: false,
      trialEndsAt: null,
      currentPeriodEnd: null,
    }),
    'GET /api/recent-profiles': jsonResponse(200, [samsPage]),
    'GET /api/teams/sick-kids?by=raised&page=1': teamAnswer(team),
  };
}

afterEach(() => localStorage.clear());

describe('TeamPage', () => {
  it('links a listed charity the team names to its page, and shows a typed one as text', async () => {
    mockApi(
      routes({ team: sampleTeam({ charityId: '6f1f7c1e-2f0e-4e43-9a3c-3a4c8f6c2d11', charitySlug: 'kids-hospital' }) }),
    );
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });
    expect(await screen.findByRole('link', { name: 'Children’s Hospital' })).toHaveAttribute(
      'href',
      '/charities/kids-hospital',
    );
  });

  it('shows the team, its charity, marathon, countdown, story, goal progress, donors, miles and ranked members', async () => {
    mockApi(routes());
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sick Kids Runners' })).toBeInTheDocument();
    expect(screen.getByText('Children’s Hospital')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Children’s Hospital' })).not.toBeInTheDocument();
    expect(document.body).toHaveTextContent('Running the Chicago Marathon · Monday, October 12, 2099');
    expect(screen.getByRole('timer', { name: 'Time until the race starts' })).toBeInTheDocument();
    expect(screen.getByText('We run Chicago for the children’s hospital.')).toBeInTheDocument();
    expect(screen.getByTestId('team-raised')).toHaveTextContent('$2,500');
    expect(screen.getByText(/of the \$10,000 team goal/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of Sick Kids Runners to its goal' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByTestId('team-donors')).toHaveTextContent('40');
    expect(screen.getByTestId('team-miles')).toHaveTextContent('321.5');
    const ranked = within(screen.getByRole('list', { name: 'Members ranked' })).getAllByRole('listitem');
    expect(ranked.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1Jane DoeCaptain30 donors · 200.5 mi\$2,00020%$/),
      expect.stringMatching(/^2Sam Lee10 donors · 121 mi\$5005%$/),
    ]);
    expect(within(ranked[1]!).getByRole('link', { name: 'Sam Lee' })).toHaveAttribute('href', '/sam-runs');
    expect(document.title).toBe('Sick Kids Runners · Chicago Marathon · RunPledge');
  });

  it('ranks by miles or share of the goal, and pages through the members, keeping both in the address', async () => {
    const api = mockApi({
      ...routes(),
      'GET /api/teams/sick-kids?by=raised&page=1': teamAnswer(sampleTeam({ memberCount: 60 }), undefined, 1, 2),
      'GET /api/teams/sick-kids?by=miles&page=1': teamAnswer(
        sampleTeam({ memberCount: 60 }),
        [secondMember(), sampleMember()].map((m, i) => ({ ...m, miles: 300 - i })),
        1,
        2,
      ),
      'GET /api/teams/sick-kids?by=miles&page=2': teamAnswer(
        sampleTeam({ memberCount: 60 }),
        [sampleMember({ name: 'Fifty-first', pageSlug: 'fifty-first', isCaptain: false })],
        2,
        2,
      ),
    });
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });

    fireEvent.click(await screen.findByRole('radio', { name: 'Miles' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Members ranked' })).getAllByRole('link')[0]).toHaveTextContent(
        'Sam Lee',
      ),
    );
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Fifty-first' })).toBeInTheDocument();
    // The 51st member of the ranking.
    expect(screen.getByRole('link', { name: 'Fifty-first' }).closest('li')).toHaveTextContent(/^51/);
    expect(api.called('GET', '/api/teams/sick-kids?by=miles&page=2')).toHaveLength(1);
  });

  it('says Team not found for an unknown or deleted team', async () => {
    mockApi({
      ...routes(),
      'GET /api/teams/sick-kids?by=raised&page=1': jsonResponse(404, { statusCode: 404, message: 'Team not found' }),
    });
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });

    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('offers a visitor sign-in that comes back to the team page, invite included', async () => {
    mockApi(routes());
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids?invite=abc123' });

    expect(await screen.findByRole('link', { name: 'Sign in to join' })).toHaveAttribute(
      'href',
      '/login?redirect=/teams/sick-kids%3Finvite%3Dabc123',
    );
  });

  it('joins an open team at once with the runner’s page', async () => {
    const api = mockApi({
      ...routes({ signedIn: true }),
      'POST /api/teams/3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/members': jsonResponse(201, {
        member: { ...secondMember(), runnerProfileId: samsPage.id },
      }),
    });
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });

    fireEvent.click(await screen.findByRole('button', { name: 'Join with Sam Lee' }));
    expect(await screen.findByText('Sam Lee is now a member of Sick Kids Runners.')).toBeInTheDocument();
    expect(api.called('POST', '/api/teams/3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/members')[0]?.body).toEqual({
      runnerProfileId: samsPage.id,
    });
  });

  it('sends a request to an approval team, and joins at once with an invite', async () => {
    const api = mockApi({
      ...routes({ signedIn: true, team: sampleTeam({ joinRule: 'approval' }) }),
      'POST /api/teams/3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/members': (body) =>
        jsonResponse(201, {
          member: { ...secondMember(), status: (body as { inviteCode?: string }).inviteCode ? 'member' : 'pending' },
        }),
    });
    const first = renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });
    expect(await screen.findByText('The captain approves each request to join.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByText('Request sent. The captain will let you know.')).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids?invite=abc123' });
    expect(await screen.findByText('You were invited: you join at once.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Join with Sam Lee' }));
    expect(await screen.findByText('Sam Lee is now a member of Sick Kids Runners.')).toBeInTheDocument();
    expect(api.called('POST', '/api/teams/3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/members')[1]?.body).toEqual({
      runnerProfileId: samsPage.id,
      inviteCode: 'abc123',
    });
  });

  it.each([
    [409, PAGE_ALREADY_IN_TEAM],
    [400, teamCurrencyMessage('GBP')],
  ])('shows the API’s words when a join is refused with %i', async (status, message) => {
    mockApi({
      ...routes({ signedIn: true }),
      'POST /api/teams/3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/members': jsonResponse(status, {
        statusCode: status,
        message,
      }),
    });
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });

    fireEvent.click(await screen.findByRole('button', { name: 'Join with Sam Lee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Join with Sam Lee' })).toBeEnabled();
  });

  it('names the captain with a link to their page, and leaves the line out when the API hides them', async () => {
    mockApi(routes());
    const { unmount } = renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });
    const line = await screen.findByText(/^Captain:/);
    expect(within(line).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/jane-runs');
    unmount();

    mockApi(routes({ team: sampleTeam({ captain: null }) }));
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sick Kids Runners' })).toBeInTheDocument();
    expect(screen.queryByText(/^Captain:/)).not.toBeInTheDocument();
  });

  it("keeps the requests in the captain's read out of the ranked members", async () => {
    const request = sampleMember({
      runnerProfileId: '2d8b4f1a-8c74-4e3a-9b79-5f3e4d6c7b82',
      pageSlug: 'kim-runs',
      name: 'Kim Park',
      status: 'pending',
      isCaptain: false,
    });
    mockApi({
      ...routes({ signedIn: true }),
      'GET /api/teams/sick-kids?by=raised&page=1': teamAnswer(sampleTeam({ isCaptain: true }), [
        sampleMember(),
        secondMember(),
        request,
      ]),
    });
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });
    const ranked = within(await screen.findByRole('list', { name: 'Members ranked' })).getAllByRole('listitem');
    expect(ranked).toHaveLength(2);
    expect(screen.queryByText('Kim Park')).not.toBeInTheDocument();
  });

  it('shows the captain a way to the panel', async () => {
    mockApi(routes({ signedIn: true, team: sampleTeam({ isCaptain: true }) }));
    renderWithProviders(<TeamPage slug="sick-kids" />, { path: '/teams/sick-kids' });

    expect(await screen.findByRole('link', { name: 'Manage team' })).toHaveAttribute('href', '/teams/sick-kids/manage');
  });
});
