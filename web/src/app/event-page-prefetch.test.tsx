import { EVENT_PAGE_DATA_ELEMENT_ID, type EventPageData, type EventPageResponse } from '@runpledge/contracts';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { createRoutes } from './router';
import { sampleEvent } from '@/testing/sample-event';

const answer: EventPageResponse = {
  event: sampleEvent(),

  runners: [],
  teams: [],
  charities: [],
  page: 1,
  totalPages: 1,
};
const { slug } = answer.event;
const eventPath = `/api/events/${slug}?by=raised&page=1`;

function pageApi() {
  return mockApi({
    'GET /api/auth/me': jsonResponse(401, undefined, 'Unauthorized'),
    'GET /api/subscription/check': jsonResponse(200, { status: 'none', hasAccess: false }),
    [`GET ${eventPath}`]: jsonResponse(200, answer),
  });
}

/** What the gateway puts in an event page's HTML. */
function embed(data: EventPageData) {
  const script = document.createElement('script');
  script.id = EVENT_PAGE_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

describe("the event page route's prefetch", () => {
  afterEach(() => {
    localStorage.clear();
    document.getElementById(EVENT_PAGE_DATA_ELEMENT_ID)?.remove();
  });

  it('requests the event as the route starts loading, under the key of the first view the page reads', async () => {
    const api = pageApi();
    const queryClient = createQueryClient();
    createMemoryRouter(createRoutes(queryClient), { initialEntries: [`/events/${slug}`] });

    await waitFor(() => expect(api.called('GET', eventPath)).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(['event', slug, 'raised', 1, ''])).toEqual(answer));
  });

  it('shows a visitor the event from the data in the HTML, without asking the API', async () => {
    const api = pageApi();
    embed({ slug, event: { ...answer, event: { ...answer.event, name: 'Embedded Marathon' } } });
    const queryClient = createQueryClient();
    renderWithApp(createRoutes(queryClient), `/events/${slug}`, { queryClient });

    expect(await screen.findByRole('heading', { level: 1, name: 'Embedded Marathon' })).toBeInTheDocument();
    expect(api.called('GET', eventPath)).toHaveLength(0);
    expect(document.getElementById(EVENT_PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it.each([
    ['a signed-in viewer', slug, true],
    ['another event', 'other-marathon-2099', false],
  ])('asks the API when the embedded data is for %s', async (_case, embeddedSlug, signedIn) => {
    if (signedIn) localStorage.setItem('runpledge:user', JSON.stringify(sampleUser()));
    const api = pageApi();
    embed({ slug: embeddedSlug, event: { ...answer, event: { ...answer.event, slug: embeddedSlug } } });
    createMemoryRouter(createRoutes(createQueryClient()), { initialEntries: [`/events/${slug}`] });

    await waitFor(() => expect(api.called('GET', eventPath)).toHaveLength(1));
  });
});
