import {
  CHARITY_PAGE_DATA_ELEMENT_ID,
  EVENT_PAGE_DATA_ELEMENT_ID,
  RUNNER_PAGE_DATA_ELEMENT_ID,
  TEAM_PAGE_DATA_ELEMENT_ID,
  type CharityPageData,
  type CharityPageResponse,
  type EventPageData,
  type EventPageResponse,
  type ProfileView,
  type RunnerPageData,
  type TeamPageData,
  type TeamPageResponse,
} from '@runpledge/contracts';

/**
 * The data the gateway put in a public page's HTML (`<script type="application/json">` with `id`),
 * when `pick` finds it is for the page shown. Taken once: the element goes, so a later visit asks
 * the API as usual.
 */
export function takeEmbedded<TData, TValue>(id: string, pick: (data: TData) => TValue | undefined): TValue | undefined {
  const element = document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return pick(JSON.parse(element.textContent ?? '') as TData);
  } catch {
    return undefined;
  }
}

/** A published runner page's data (as a visitor sees it), if it is for `slug`. */
export function takeEmbeddedRunnerPage(slug: string): ProfileView | undefined {
  return takeEmbedded<RunnerPageData, ProfileView>(RUNNER_PAGE_DATA_ELEMENT_ID, (data) =>
    data.slug === slug && data.profile.urlSlug === slug ? data.profile : undefined,
  );
}

/** A team page's data (as a visitor reads it: ranked by raised, first page), if it is for `slug`. */
export function takeEmbeddedTeamPage(slug: string): TeamPageResponse | undefined {
  return takeEmbedded<TeamPageData, TeamPageResponse>(TEAM_PAGE_DATA_ELEMENT_ID, (data) =>
    data.slug === slug && data.team.team.slug === slug ? data.team : undefined,
  );
}

/** A charity page's data (as a visitor reads it: ranked by raised, first page), if it is for `slug`. */
export function takeEmbeddedCharityPage(slug: string): CharityPageResponse | undefined {
  return takeEmbedded<CharityPageData, CharityPageResponse>(CHARITY_PAGE_DATA_ELEMENT_ID, (data) =>
    data.slug === slug && data.charity.charity.slug === slug ? data.charity : undefined,
  );
}

/** An event page's data (ranked by raised, first page, no search), if it is for `slug`. */
export function takeEmbeddedEventPage(slug: string): EventPageResponse | undefined {
  return takeEmbedded<EventPageData, EventPageResponse>(EVENT_PAGE_DATA_ELEMENT_ID, (data) =>
    data.slug === slug && data.event.event.slug === slug ? data.event : undefined,
  );
}
