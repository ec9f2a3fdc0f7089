import {
  CHARITY_PAGE_DATA_ELEMENT_ID,
  EVENT_PAGE_DATA_ELEMENT_ID,
  RUNNER_PAGE_DATA_ELEMENT_ID,
  TEAM_PAGE_DATA_ELEMENT_ID,
  profileViewFor,
  type CharityPageData,
  type CharityPageResponse,
  type EventPageData,
  type EventPageResponse,
  type PublicProfileView,
  type RunnerPageData,
  type TeamPageData,
  type TeamPageResponse,
} from '@runpledge/contracts';

/**
 * JSON that is safe inside `<script>`: `<`, `>` and `&` can never close the element or open a
 * comment, and U+2028/U+2029 are escaped as well (the same rule as Next.js and serialize-javascript).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A public page's data as the `<script type="application/json">` the app takes it from. */
function dataScript(id: string, data: unknown): string {
  return `<script id="${id}" type="application/json">${jsonForScript(data)}</script>`;
}

/** The published page's public view (a visitor's: no user id), for the app to show at once (see RUNNER_PAGE_DATA_ELEMENT_ID). */
export function runnerPageDataScript(view: PublicProfileView): string {
  const data: RunnerPageData = { slug: view.urlSlug, profile: profileViewFor(view, false) };
  return dataScript(RUNNER_PAGE_DATA_ELEMENT_ID, data);
}

/** A team's page as a visitor reads it (GET /api/teams/{slug}), for the app to show at once (see TEAM_PAGE_DATA_ELEMENT_ID). */
export function teamPageDataScript(response: TeamPageResponse): string {
  const data: TeamPageData = { slug: response.team.slug, team: response };
  return dataScript(TEAM_PAGE_DATA_ELEMENT_ID, data);
}

/** A charity's page as a visitor reads it (GET /api/charities/{slug}), for the app to show at once (see CHARITY_PAGE_DATA_ELEMENT_ID). */
export function charityPageDataScript(response: CharityPageResponse): string {
  // Every visitor gets this HTML: a staff member's view never goes into it.
  const charity = { ...response, charity: { ...response.charity, isStaff: false } };
  const data: CharityPageData = { slug: response.charity.slug, charity };
  return dataScript(CHARITY_PAGE_DATA_ELEMENT_ID, data);
}

/** An event's page (GET /api/events/{slug}), for the app to show at once (see EVENT_PAGE_DATA_ELEMENT_ID). */
export function eventPageDataScript(response: EventPageResponse): string {
  const data: EventPageData = { slug: response.event.slug, event: response };
  return dataScript(EVENT_PAGE_DATA_ELEMENT_ID, data);
}
