import { ROUTE_PRELOADS } from '@runpledge/contracts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** One chunk of Vite's build manifest (`build.manifest: true`), keyed by its source path. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  route: string;
  /** The route's lazy module, as the manifest names it. */
  source: string;
  /** The most JavaScript, gzipped, the route's first load may fetch; without one it is only reported. */
  maxGzipBytes?: number;
}

export interface BudgetConfig {
  routes: RouteBudget[];
  /** Modules that must load only when their route is visited: never part of a budgeted first load. */
  lazyOnly: string[];
}

const KB = 1000;

/** The budgets of issue #7: a first load of at most 170 kB of gzipped JavaScript. */
export const FIRST_LOAD_BUDGETS: BudgetConfig = {
  routes: [
    { route: '/{slug} (runner page)', source: ROUTE_PRELOADS.runnerPageRoute, maxGzipBytes: 170 * KB },
    { route: '/teams/{slug} (team page)', source: ROUTE_PRELOADS.teamPageRoute, maxGzipBytes: 170 * KB },
    { route: '/ (landing)', source: 'src/app/routes/landing.tsx', maxGzipBytes: 170 * KB },
    // The form's validation (zod) is in it; the challenges' drag and drop (dnd-kit) and the address
    // suggestion's transliteration (@sindresorhus/slugify) load after.
    { route: '/signup', source: 'src/app/routes/signup.tsx', maxGzipBytes: 170 * KB },
    { route: '/charities/{slug} (charity page)', source: ROUTE_PRELOADS.charityPageRoute, maxGzipBytes: 170 * KB },
    { route: '/events/{slug} (event page)', source: ROUTE_PRELOADS.eventPageRoute, maxGzipBytes: 170 * KB },
  ],
  // Screens no budgeted first load needs: the signed-in ones, sign-in, a claim mail's release link,
  // teams, the pledge mails' links, and the pledge dialog (loaded on first use).
  lazyOnly: [
    'src/app/routes/dashboard.tsx',
    'src/app/routes/payment.tsx',
    'src/app/routes/create-account.tsx',
    'src/app/routes/fitness.tsx',
    'src/app/routes/login.tsx',
    'src/app/routes/release-claim.tsx',
    // Teams: starting a team and the captain's panel.
    'src/app/routes/team-new.tsx',
    'src/app/routes/team-manage.tsx',
    // Charities: starting one and the staff's console.
    'src/app/routes/charity-new.tsx',
    'src/app/routes/charity-console.tsx',
    'src/app/routes/pledge-confirm.tsx',
    'src/app/routes/pledge-mail-action.tsx',
    'src/features/pledges/components/pledge-dialog.tsx',
  ],
};

export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
}

/** The manifest keys the browser loads for `keys`: each one and its static imports, recursively, once each. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** A route's first load: the app's entry chunk and the route's lazy chunk, each with its static imports. */
export function firstLoadKeys(manifest: Manifest, routeSource: string): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('the build manifest has no entry chunk');
  if (!manifest[routeSource]?.isDynamicEntry) {
    throw new Error(`"${routeSource}" is not a lazy-loaded chunk of the build (renamed, or imported statically?)`);
  }
  return staticClosure(manifest, [...entries, routeSource]);
}

/**
 * The JavaScript files a lazy route adds to the app's entry: what the server may `modulepreload` with
 * the page's HTML, so the browser fetches them with the entry instead of after it has run.
 */
export function routeOnlyFiles(manifest: Manifest, routeSource: string): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const withEntry = new Set(staticClosure(manifest, entries));
  return firstLoadKeys(manifest, routeSource)
    .filter((key) => !withEntry.has(key))
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'));
}

export interface RouteResult extends RouteBudget {
  chunks: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
  /** lazyOnly modules found in this first load. */
  eagerLazyOnly: string[];
  ok: boolean;
}

export function checkBudgets(
  manifest: Manifest,
  config: BudgetConfig,
  gzipBytesOf: (file: string) => number,
): { ok: boolean; results: RouteResult[] } {
  const results = config.routes.map((budget) => {
    const keys = firstLoadKeys(manifest, budget.source);
    const chunks = keys
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: gzipBytesOf(file) }));
    const totalGzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    const eagerLazyOnly = config.lazyOnly.filter((source) => keys.includes(source));
    return {
      ...budget,
      chunks,
      totalGzipBytes,
      eagerLazyOnly,
      ok: totalGzipBytes <= (budget.maxGzipBytes ?? Infinity) && eagerLazyOnly.length === 0,
    };
  });
  return { ok: results.every((result) => result.ok), results };
}

const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

export function formatBudgetReport(results: RouteResult[]): string {
  return results
    .map((result) => {
      const head =
        `${result.ok ? 'ok  ' : 'OVER'} ${result.route}: first-load JS ${kB(result.totalGzipBytes)} gzipped ` +
        (result.maxGzipBytes === undefined ? '(no budget)' : `(budget ${kB(result.maxGzipBytes)})`);
      const eager = result.eagerLazyOnly.map((source) => `       ${source} must be lazy-loaded, but loads with it`);
      const chunks = result.ok
        ? []
        : [...result.chunks]
            .sort((a, b) => b.gzipBytes - a.gzipBytes)
            .map((chunk) => `       ${kB(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
      return [head, ...eager, ...chunks].join('\n');
    })
    .join('\n');
}

/**
 * Fails the build when a budgeted route's first load passes its budget, measured from the manifest
 * Vite writes (needs `build.manifest: true`) and each chunk gzipped at level 9.
 */
export function bundleBudget(
  config: BudgetConfig = FIRST_LOAD_BUDGETS,
  preloadRoutes: string[] = [
    ROUTE_PRELOADS.runnerPageRoute,
    ROUTE_PRELOADS.teamPageRoute,
    ROUTE_PRELOADS.charityPageRoute,
    ROUTE_PRELOADS.eventPageRoute,
  ],
): Plugin {
  return {
    name: 'runpledge:bundle-budget',
    apply: 'build',
    writeBundle(options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') return this.error('the bundle budget needs build.manifest: true');
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      const { ok, results } = checkBudgets(manifest, config, (file) => {
        const output = bundle[file];
        if (output?.type !== 'chunk') throw new Error(`no chunk ${file} in the bundle`);
        return gzipSize(output.code);
      });
      const report = formatBudgetReport(results);
      if (!ok) return this.error(`first-load JavaScript over budget:\n${report}`);
      const preloads = Object.fromEntries(preloadRoutes.map((source) => [source, routeOnlyFiles(manifest, source)]));
      writeFileSync(join(options.dir ?? 'dist', ROUTE_PRELOADS.file), `${JSON.stringify(preloads, null, 2)}\n`);
      console.log(`\nfirst-load JavaScript budgets:\n${report}`);
    },
  };
}
