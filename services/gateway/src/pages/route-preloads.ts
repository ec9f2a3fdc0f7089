import { ROUTE_PRELOADS, SLUG_PATTERN, charitySlugSchema, runnerPageSlugOf } from '@runpledge/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `/{slug}`: a runner page, or the /test-{name} sample (the same route of the app). */
export function isRunnerPagePath(path: string): boolean {
  return runnerPageSlugOf(path) !== undefined;
}

/**
 * The address a runner page (or its fitness page) is known by, for a path typed another way:
 * `/Jose-Nunez/` is `/jose-nunez`. Undefined when the path is no runner page or already canonical.
 */
export function canonicalRunnerPagePath(path: string): string | undefined {
  const match = /^\/([^/.]+)(\/fitness)?\/?$/i.exec(path);
  if (!match || runnerPageSlugOf(`/${match[1]}`) === undefined) return undefined;
  const slug = match[1]!.toLowerCase();
  if (!SLUG_PATTERN.test(slug)) return undefined;
  const canonical = `/${slug}${match[2]?.toLowerCase() ?? ''}`;
  return canonical === path ? undefined : canonical;
}

/** The slug in `/{section}/{slug}` (or with a trailing slash); deeper paths and files are not the page. */
export const sectionSlugOf = (section: string, path: string): string | undefined =>
  new RegExp(`^/${section}/([^/.]+)/?$`).exec(path)?.[1];

/** `/teams/{slug}`: a team's public page (not `/teams/new`, the form that starts one). */
export function isTeamPagePath(path: string): boolean {
  const slug = sectionSlugOf('teams', path);
  return slug !== undefined && slug.toLowerCase() !== 'new';
}

/** `/charities/{slug}`: a charity's public page (not the app's own screens there, `/charities/new`…). */
export function isCharityPagePath(path: string): boolean {
  const slug = sectionSlugOf('charities', path);
  return slug !== undefined && charitySlugSchema.safeParse(slug.toLowerCase()).success;
}

/** `/events/{slug}`: an event's public page. */
export function isEventPagePath(path: string): boolean {
  return sectionSlugOf('events', path) !== undefined;
}

/** The public pages whose own chunks the HTML preloads, each with the route of the app that draws it. */
const PRELOADED_PAGES = [
  { route: ROUTE_PRELOADS.runnerPageRoute, matches: isRunnerPagePath },
  { route: ROUTE_PRELOADS.teamPageRoute, matches: isTeamPagePath },
  { route: ROUTE_PRELOADS.charityPageRoute, matches: isCharityPagePath },
  { route: ROUTE_PRELOADS.eventPageRoute, matches: isEventPagePath },
] as const;

/**
 * `<link rel="modulepreload">` for a public page's own chunks (a runner's, a team's, a charity's or
 * an event's page): the browser fetches them with the entry instead of discovering them after it
 * ran (a second round trip on a phone). Returns the links for a path, empty for other paths or
 * without the build's list.
 */
export function publicPagePreloads(webDist: string): (path: string) => string {
  const file = join(webDist, ROUTE_PRELOADS.file);
  if (!existsSync(file)) return () => '';
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[] | undefined>;
  const links = PRELOADED_PAGES.map(({ route, matches }) => ({
    matches,
    html: (preloads[route] ?? [])
      .filter((asset) => /^assets\/[\w.-]+\.js$/.test(asset))
      .map((asset) => `<link rel="modulepreload" crossorigin href="/${asset}" />`)
      .join('\n    '),
  }));
  return (path) => links.find(({ matches }) => matches(path))?.html ?? '';
}
