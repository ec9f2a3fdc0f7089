import { RESERVED_SLUGS } from '../product/limits.js';
import type { CharityPageResponse } from './charities.js';
import type { EventPageResponse } from './events.js';
import type { ProfileView } from './profiles.js';
import type { TeamPageResponse } from './teams.js';

/**
 * The id of the `<script type="application/json">` the gateway puts in a published runner page's
 * HTML: the page's public view as a visitor gets it from GET /api/runner-profile/{slug}, so the
 * app shows the page without waiting for that call.
 */
export const RUNNER_PAGE_DATA_ELEMENT_ID = 'rp-runner-page';

export interface RunnerPageData {
  slug: string;
  /** As a visitor sees it: `isOwner` is false. */
  profile: ProfileView;
}

/**
 * The same for a team page: GET /api/teams/{slug} as a visitor gets it (ranked by raised, first
 * page), so the team shows without waiting for that call.
 */
export const TEAM_PAGE_DATA_ELEMENT_ID = 'rp-team-page';

export interface TeamPageData {
  slug: string;
  /** As a visitor sees it: `isCaptain` is false, no pending requests. */
  team: TeamPageResponse;
}

/**
 * The same for a charity page: GET /api/charities/{slug} as a visitor gets it (ranked by raised,
 * first page), so the charity shows without waiting for that call.
 */
export const CHARITY_PAGE_DATA_ELEMENT_ID = 'rp-charity-page';

export interface CharityPageData {
  slug: string;
  /** As a visitor reads it: `isStaff` is false. */
  charity: CharityPageResponse;
}

/**
 * The same for an event page: GET /api/events/{slug} (ranked by raised, first page, no search), so
 * the event shows without waiting for that call.
 */
export const EVENT_PAGE_DATA_ELEMENT_ID = 'rp-event-page';

export interface EventPageData {
  slug: string;
  event: EventPageResponse;
}

/**
 * What the web build tells the gateway: for each route listed, the JavaScript files it adds to the
 * app's entry, in `web/dist/` + `file` (under .vite/, never served). The gateway preloads the
 * runner, team, charity and event pages' with their HTML.
 */
export const ROUTE_PRELOADS = {
  file: '.vite/route-preloads.json',
  runnerPageRoute: 'src/app/routes/runner-page.tsx',
  teamPageRoute: 'src/app/routes/team.tsx',
  charityPageRoute: 'src/app/routes/charity.tsx',
  eventPageRoute: 'src/app/routes/event.tsx',
} as const;

/** The runner page's slug in a path of the web app, `/{slug}`: one segment that is no other screen or file. */
export function runnerPageSlugOf(path: string): string | undefined {
  const segment = /^\/([^/.]+)\/?$/.exec(path)?.[1];
  return segment !== undefined && !(RESERVED_SLUGS as readonly string[]).includes(segment.toLowerCase())
    ? segment
    : undefined;
}
