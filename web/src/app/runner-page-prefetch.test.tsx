import { RUNNER_PAGE_DATA_ELEMENT_ID, type RunnerPageData } from '@runpledge/contracts';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleProfileView } from '@/features/runner-page/testing/sample-profile';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { createRoutes } from './router';

const profile = sampleProfileView();
const profilePath = `/api/runner-profile/${profile.urlSlug}`;

function pageApi() {
  return mockApi({
    'GET /api/auth/me': jsonResponse(200, { user: sampleUser() }),
    'GET /api/subscription/check': jsonResponse(200, { status: 'none', hasAccess: false }),
    [`GET ${profilePath}`]: jsonResponse(200, { profile }),
    [`GET /api/training-stats/${profile.id}`]: jsonResponse(200, { hasTrainingData: false }),
    [`GET /api/activities?profileId=${profile.id}&limit=200&type=run`]: jsonResponse(200, []),
  });
}

/** What the gateway puts in a published page's HTML. */
function embed(data: RunnerPageData) {
  const script = document.createElement('script');
  script.id = RUNNER_PAGE_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

describe("the runner page route's prefetch", () => {
  afterEach(() => {
    localStorage.clear();
    document.getElementById(RUNNER_PAGE_DATA_ELEMENT_ID)?.remove();
  });

  it('requests the page data as the route starts loading, before the page code runs', async () => {
    const api = pageApi();
    const queryClient = createQueryClient();
    createMemoryRouter(createRoutes(queryClient), { initialEntries: [`/${profile.urlSlug}`] });

    await waitFor(() => expect(api.called('GET', profilePath)).toHaveLength(1));
    expect(queryClient.getQueryData(['runner-profile', profile.urlSlug, 'visitor'])).toEqual(profile);
  });

  it.each([
    ['a visitor', undefined],
    ['a signed-in viewer', sampleUser()],
  ])('gives the page the prefetched data for %s, with one request in all', async (_viewer, user) => {
    if (user) localStorage.setItem('runpledge:user', JSON.stringify(user));
    const api = pageApi();
    const queryClient = createQueryClient();
    renderWithApp(createRoutes(queryClient), `/${profile.urlSlug}`, { queryClient });

    expect(await screen.findByRole('heading', { level: 1, name: profile.name })).toBeInTheDocument();
    expect(api.called('GET', profilePath)).toHaveLength(1);
  });

  it('shows a visitor the page from the data in the HTML, without asking the API', async () => {
    const api = pageApi();
    embed({ slug: profile.urlSlug, profile: { ...profile, name: 'Embedded Jane' } });
    const queryClient = createQueryClient();
    renderWithApp(createRoutes(queryClient), `/${profile.urlSlug}`, { queryClient });

    expect(await screen.findByRole('heading', { level: 1, name: 'Embedded Jane' })).toBeInTheDocument();
    expect(api.called('GET', profilePath)).toHaveLength(0);
    expect(document.getElementById(RUNNER_PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it.each([
    ['a signed-in viewer (who may own it)', { slug: profile.urlSlug }, true],
    ['another page', { slug: 'someone-else' }, false],
  ])('asks the API when the embedded data is for %s', async (_case, data, signedIn) => {
    if (signedIn) localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
    const api = pageApi();
    embed({ profile: { ...profile, urlSlug: data.slug }, ...data });
    createMemoryRouter(createRoutes(createQueryClient()), { initialEntries: [`/${profile.urlSlug}`] });

    await waitFor(() => expect(api.called('GET', profilePath)).toHaveLength(1));
  });

  it('leaves the sample pages at /test-{name} alone', async () => {
    const api = pageApi();
    createMemoryRouter(createRoutes(createQueryClient()), { initialEntries: ['/test-sample'] });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((call) => call.path.startsWith('/api/runner-profile/'))).toEqual([]);
  });
});
