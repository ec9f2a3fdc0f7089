import { TEAM_PAGE_DATA_ELEMENT_ID, type TeamPageData } from '@runpledge/contracts';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleMember, sampleTeam } from '@/features/teams/testing/sample-team';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { createRoutes } from './router';

const team = sampleTeam();
const teamPath = `/api/teams/${team.slug}?by=raised&page=1`;
const answer = { team, members: [sampleMember()], page: 1, totalPages: 1 };

function pageApi() {
  return mockApi({
    'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
    'GET /api/subscription/check': jsonResponse(200, { status: 'none', hasAccess: false }),
    [`GET ${teamPath}`]: jsonResponse(200, answer),
  });
}

/** What the gateway puts in a team page's HTML. */
function embed(data: TeamPageData) {
  const script = document.createElement('script');
  script.id = TEAM_PAGE_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

describe("the team page route's prefetch", () => {
  afterEach(() => {
    localStorage.clear();
    document.getElementById(TEAM_PAGE_DATA_ELEMENT_ID)?.remove();
  });

  it('requests the team as the route starts loading, before the page code runs', async () => {
    const api = pageApi();
    const queryClient = createQueryClient();
    createMemoryRouter(createRoutes(queryClient), { initialEntries: [`/teams/${team.slug}`] });

    await waitFor(() => expect(api.called('GET', teamPath)).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(['team', team.slug, 'visitor', 'raised', 1])).toEqual(answer));
  });

  it('shows a visitor the team from the data in the HTML, without asking the API', async () => {
    const api = pageApi();
    embed({ slug: team.slug, team: { ...answer, team: { ...team, name: 'Embedded Runners' } } });
    const queryClient = createQueryClient();
    renderWithApp(createRoutes(queryClient), `/teams/${team.slug}`, { queryClient });

    expect(await screen.findByRole('heading', { level: 1, name: 'Embedded Runners' })).toBeInTheDocument();
    expect(api.called('GET', teamPath)).toHaveLength(0);
    expect(document.getElementById(TEAM_PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it.each([
    ['a signed-in viewer (who may captain it)', team.slug, true],
    ['another team', 'other-team', false],
  ])('asks the API when the embedded data is for %s', async (_case, slug, signedIn) => {
    if (signedIn) localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
    const api = pageApi();
    embed({ slug, team: { ...answer, team: { ...team, slug } } });
    createMemoryRouter(createRoutes(createQueryClient()), { initialEntries: [`/teams/${team.slug}`] });

    await waitFor(() => expect(api.called('GET', teamPath)).toHaveLength(1));
  });
});
