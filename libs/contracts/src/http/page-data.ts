import { RESERVED_SLUGS } from '../product/limits.js';
import type { ProfileView } from './profiles.js';

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
 * What the web build tells the gateway: for each route listed, the JavaScript files it adds to the
 * app's entry, in `web/dist/` + `file` (under .vite/, never served). The gateway preloads the
 * runner page's with its HTML.
 */
export const ROUTE_PRELOADS = {
  file: '.vite/route-preloads.json',
  runnerPageRoute: 'src/app/routes/runner-page.tsx',
} as const;

/** The runner page's slug in a path of the web app, `/{slug}`: one segment that is no other screen or file. */
export function runnerPageSlugOf(path: string): string | undefined {
  const segment = /^\/([^/.]+)\/?$/.exec(path)?.[1];
  return segment !== undefined && !(RESERVED_SLUGS as readonly string[]).includes(segment.toLowerCase())
    ? segment
    : undefined;
}
