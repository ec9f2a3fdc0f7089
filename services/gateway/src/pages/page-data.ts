import {
  RUNNER_PAGE_DATA_ELEMENT_ID,
  TEAM_PAGE_DATA_ELEMENT_ID,
  profileViewFor,
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

/** The published page's public view (a visitor's: no user id), for the app to show at once (see RUNNER_PAGE_DATA_ELEMENT_ID). */
export function runnerPageDataScript(view: PublicProfileView): string {
  const data: RunnerPageData = { slug: view.urlSlug, profile: profileViewFor(view, false) };
  return `<script id="${RUNNER_PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`;
}

/** A team's page as a visitor reads it (GET /api/teams/{slug}), for the app to show at once (see TEAM_PAGE_DATA_ELEMENT_ID). */
export function teamPageDataScript(response: TeamPageResponse): string {
  const data: TeamPageData = { slug: response.team.slug, team: response };
  return `<script id="${TEAM_PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`;
}
