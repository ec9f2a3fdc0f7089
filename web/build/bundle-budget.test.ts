import { describe, expect, it } from 'vitest';
import {
  checkBudgets,
  firstLoadKeys,
  formatBudgetReport,
  gzipSize,
  routeOnlyFiles,
  type BudgetConfig,
  type Manifest,
} from './bundle-budget';

// The shape Vite writes: the entry imports the framework; the runner page shares a chunk with the dashboard.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b2.js'],
    dynamicImports: ['src/app/routes/runner-page.tsx', 'src/app/routes/dashboard.tsx'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_shared-c3.js': { file: 'assets/shared-c3.js', imports: ['_react-b2.js'] },
  '_zod-d4.js': { file: 'assets/zod-d4.js' },
  'src/app/routes/runner-page.tsx': {
    file: 'assets/runner-page-e5.js',
    src: 'src/app/routes/runner-page.tsx',
    isDynamicEntry: true,
    imports: ['_shared-c3.js', '_zod-d4.js'],
    dynamicImports: ['src/app/routes/dashboard.tsx'],
  },
  'src/app/routes/dashboard.tsx': {
    file: 'assets/dashboard-f6.js',
    src: 'src/app/routes/dashboard.tsx',
    isDynamicEntry: true,
    imports: ['_shared-c3.js'],
  },
};

const sizes: Record<string, number> = {
  'assets/index-a1.js': 60_000,
  'assets/react-b2.js': 50_000,
  'assets/shared-c3.js': 10_000,
  'assets/zod-d4.js': 25_000,
  'assets/runner-page-e5.js': 8_000,
  'assets/dashboard-f6.js': 2_000,
};
const sizeOf = (file: string) => sizes[file]!;

const budget = (maxGzipBytes: number, lazyOnly: string[] = []): BudgetConfig => ({
  routes: [{ route: '/{slug}', source: 'src/app/routes/runner-page.tsx', maxGzipBytes }],
  lazyOnly,
});

describe('first-load JavaScript budget', () => {
  it('counts the entry and the route chunk with their static imports, once each, not their lazy imports', () => {
    expect(firstLoadKeys(manifest, 'src/app/routes/runner-page.tsx')).toEqual([
      'index.html',
      '_react-b2.js',
      'src/app/routes/runner-page.tsx',
      '_shared-c3.js',
      '_zod-d4.js',
    ]);
  });

  it('passes at or under the budget', () => {
    const { ok, results } = checkBudgets(manifest, budget(153_000), sizeOf);
    expect(results[0]?.totalGzipBytes).toBe(153_000);
    expect(ok).toBe(true);
  });

  it('fails over the budget, listing the chunks biggest first', () => {
    const { ok, results } = checkBudgets(manifest, budget(152_999), sizeOf);
    expect(ok).toBe(false);
    const report = formatBudgetReport(results);
    expect(report).toMatch(/^OVER \/\{slug\}: first-load JS 153\.0 kB gzipped \(budget 153\.0 kB\)/);
    expect(report.indexOf('assets/index-a1.js')).toBeLessThan(report.indexOf('assets/zod-d4.js'));
    expect(report).toContain('assets/runner-page-e5.js');
  });

  it('reports a route without a budget and never fails on its size', () => {
    const reported: BudgetConfig = {
      routes: [{ route: '/signup', source: 'src/app/routes/runner-page.tsx' }],
      lazyOnly: [],
    };
    const { ok, results } = checkBudgets(manifest, reported, sizeOf);
    expect(ok).toBe(true);
    expect(formatBudgetReport(results)).toBe('ok   /signup: first-load JS 153.0 kB gzipped (no budget)');
  });

  it('fails when a screen that must be lazy loads with a budgeted route', () => {
    const eager: Manifest = {
      ...manifest,
      'src/app/routes/runner-page.tsx': {
        ...manifest['src/app/routes/runner-page.tsx']!,
        imports: ['_shared-c3.js', 'src/app/routes/dashboard.tsx'],
      },
    };
    const lazyOnly = ['src/app/routes/dashboard.tsx'];
    expect(checkBudgets(manifest, budget(1_000_000, lazyOnly), sizeOf).ok).toBe(true);
    const { ok, results } = checkBudgets(eager, budget(1_000_000, lazyOnly), sizeOf);
    expect(ok).toBe(false);
    expect(formatBudgetReport(results)).toContain('src/app/routes/dashboard.tsx must be lazy-loaded');
  });

  it('refuses a route that is not a lazy chunk of the build, rather than measuring nothing', () => {
    const renamed = {
      ...budget(170_000),
      routes: [{ route: '/x', source: 'src/app/routes/gone.tsx', maxGzipBytes: 1 }],
    };
    expect(() => checkBudgets(manifest, renamed, sizeOf)).toThrow(/not a lazy-loaded chunk/);
  });

  it('measures gzip at level 9', () => {
    const text = 'runpledge '.repeat(1000);
    expect(gzipSize(text)).toBeGreaterThan(20);
    expect(gzipSize(text)).toBeLessThan(text.length / 50);
  });
});

describe('routeOnlyFiles', () => {
  it('lists the JavaScript a route adds to the entry, without what the entry already loads', () => {
    expect(routeOnlyFiles(manifest, 'src/app/routes/runner-page.tsx')).toEqual([
      'assets/runner-page-e5.js',
      'assets/shared-c3.js',
      'assets/zod-d4.js',
    ]);
  });

  it('refuses a route that is not a lazy chunk of the build', () => {
    expect(() => routeOnlyFiles(manifest, 'src/app/routes/gone.tsx')).toThrow(/not a lazy-loaded chunk/);
  });
});
