import { RESERVED_SLUGS } from '@runpledge/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the web build (web/build/bundle-budget.ts): each preloaded route's own JavaScript files. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const RUNNER_PAGE_ROUTE = 'src/app/routes/runner-page.tsx';

/** `/{slug}` (a runner page, or the /test-{name} sample): one segment that is not another screen or a file. */
export function isRunnerPagePath(path: string): boolean {
  const segment = /^\/([^/.]+)\/?$/.exec(path)?.[1]?.toLowerCase();
  return segment !== undefined && !(RESERVED_SLUGS as readonly string[]).includes(segment);
}

/**
 * `<link rel="modulepreload">` for the runner page's own chunks: the browser fetches them with the
 * entry instead of discovering them after it ran (a second round trip on a phone). Empty without
 * the build's list.
 */
export function runnerPagePreloads(webDist: string): string {
  const file = join(webDist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return '';
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[] | undefined>;
  return (preloads[RUNNER_PAGE_ROUTE] ?? [])
    .filter((asset) => /^assets\/[\w.-]+\.js$/.test(asset))
    .map((asset) => `<link rel="modulepreload" crossorigin href="/${asset}" />`)
    .join('\n    ');
}
