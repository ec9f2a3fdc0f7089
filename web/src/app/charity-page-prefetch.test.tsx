import { CHARITY_PAGE_DATA_ELEMENT_ID, type CharityPageData } from '@runpledge/contracts';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { sampleCharity, sampleCharityPage } from '@/testing/sample-charity';
import { createRoutes } from './router';

const charity = sampleCharity();
const charityPath = `/api/charities/${charity.slug}?by=raised&page=1`;
const answer = sampleCharityPage(charity);

function pageApi() {
  return mockApi({
    'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
    'GET /api/subscription/check': jsonResponse(200, { status: 'none', hasAccess: false }),
    [`GET ${charityPath}`]: jsonResponse(200, answer),
  });
}

/** What the gateway puts in a charity page's HTML. */
function embed(data: CharityPageData) {
  const script = document.createElement('script');
  script.id = CHARITY_PAGE_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

describe("the charity page route's prefetch", () => {
  afterEach(() => {
    localStorage.clear();
    document.getElementById(CHARITY_PAGE_DATA_ELEMENT_ID)?.remove();
  });

  it('requests the charity as the route starts loading, before the page code runs', async () => {
    const api = pageApi();
    const queryClient = createQueryClient();
    createMemoryRouter(createRoutes(queryClient), { initialEntries: [`/charities/${charity.slug}`] });

    await waitFor(() => expect(api.called('GET', charityPath)).toHaveLength(1));
    await waitFor(() =>
      expect(queryClient.getQueryData(['charity', charity.slug, 'visitor', 'raised', 1])).toEqual(answer),
    );
  });

  it('shows a visitor the charity from the data in the HTML, without asking the API', async () => {
    const api = pageApi();
    embed({ slug: charity.slug, charity: sampleCharityPage(sampleCharity({ name: 'Embedded Rivers' })) });
    const queryClient = createQueryClient();
    renderWithApp(createRoutes(queryClient), `/charities/${charity.slug}`, { queryClient });

    expect(await screen.findByRole('heading', { level: 1, name: 'Embedded Rivers' })).toBeInTheDocument();
    expect(api.called('GET', charityPath)).toHaveLength(0);
    expect(document.getElementById(CHARITY_PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it.each([
    ['a signed-in viewer (who may staff it)', charity.slug, true],
    ['another charity', 'other-charity', false],
  ])('asks the API when the embedded data is for %s', async (_case, slug, signedIn) => {
    if (signedIn) localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
    const api = pageApi();
    embed({ slug, charity: sampleCharityPage(sampleCharity({ slug })) });
    createMemoryRouter(createRoutes(createQueryClient()), { initialEntries: [`/charities/${charity.slug}`] });

    await waitFor(() => expect(api.called('GET', charityPath)).toHaveLength(1));
  });
});
