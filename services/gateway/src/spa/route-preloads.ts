import { ROUTE_PRELOADS, runnerPageSlugOf } from '@runpledge/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `/{slug}`: a runner page, or the /test-{name} sample (the same route of the app). */
export function isRunnerPagePath(path: string): boolean {
  return runnerPageSlugOf(path) !== undefined;
}

/**
 * `<link rel="modulepreload">` for the runner page's own chunks: the browser fetches them with the
 * entry instead of discovering them after it ran (a second round trip on a phone). Empty without
 * the build's list.
 */
export function runnerPagePreloads(webDist: string): string {
  const file = join(webDist, ROUTE_PRELOADS.file);
  if (!existsSync(file)) return '';
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[] | undefined>;
  return (preloads[ROUTE_PRELOADS.runnerPageRoute] ?? [])
    .filter((asset) => /^assets\/[\w.-]+\.js$/.test(asset))
    .map((asset) => `<link rel="modulepreload" crossorigin href="/${asset}" />`)
    .join('\n    ');
}
