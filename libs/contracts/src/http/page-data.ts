import type { ProfileView } from '../profiles/profiles.schemas.js';

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
