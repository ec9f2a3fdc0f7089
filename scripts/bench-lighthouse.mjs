// Lighthouse bench (issue #7, speed): the built product served by the gateway, measured by
// Lighthouse 12 with its default mobile preset (simulated slow 4G, 4x CPU slowdown) in Debian's
// Chromium, on `/` and on a published runner page. Prints the median of BENCH_LIGHTHOUSE_RUNS runs
// (default 3) of each metric against the targets. Reports are kept in .runtime/lighthouse/.
// Runs in `npm run bench` (BENCH_LIGHTHOUSE=0 skips it) or alone: `npm run bench:lighthouse`.
// BENCH_LIGHTHOUSE_BASE=http://localhost:3000 measures a stack that is already running instead of
// starting one (it must be built; a runner page is seeded there too).
import './lib/node-runtime.mjs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { freePort, migrateAll, ROOT, startStack } from './lib/stack.mjs';
import { publishRunnerPage, seedRunnerPage } from './lib/runner-page-seed.mjs';
import { createTestRun } from './lib/test-run.mjs';

/** The issue's targets, for `/` and the runner page alike. */
export const TARGETS = { score: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

const REPORT_DIR = `${ROOT}.runtime/lighthouse`;

/** The figures of one Lighthouse result. */
export function figuresOf(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsRequests: scripts.length,
    totalBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Each figure's median over the runs (taken figure by figure). */
export function medianFigures(runs) {
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]));
}

/** The targets a set of figures misses, as readable strings (empty when all are met). */
export function missedTargets(figures, targets = TARGETS) {
  const missed = [];
  if (figures.score < targets.score) missed.push(`score ${figures.score} < ${targets.score}`);
  if (figures.lcpMs > targets.lcpMs) missed.push(`LCP ${figures.lcpMs.toFixed(0)} ms > ${targets.lcpMs} ms`);
  if (figures.tbtMs > targets.tbtMs) missed.push(`TBT ${figures.tbtMs.toFixed(0)} ms > ${targets.tbtMs} ms`);
  if (figures.cls > targets.cls) missed.push(`CLS ${figures.cls.toFixed(3)} > ${targets.cls}`);
  return missed;
}

/** The opportunities and diagnostics Lighthouse flags in a result, biggest saving first. */
function adviceOf(lhr) {
  return Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.details?.type === 'opportunity')
    .sort((a, b) => (b.details.overallSavingsMs ?? 0) - (a.details.overallSavingsMs ?? 0))
    .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, on a busy machine) is retried. */
async function lighthouseRun(port, url, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'no result' };
    if (!error) return result;
    if (attempt === attempts) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
    console.log(`Lighthouse on ${url}: ${error.code}, running again`);
  }
}

async function measurePage(port, name, url, runs) {
  const results = [];
  for (let i = 1; i <= runs; i += 1) {
    const result = await lighthouseRun(port, url);
    writeFileSync(`${REPORT_DIR}/${name.replace(/\W+/g, '-')}-${i}.json`, result.report);
    results.push(result.lhr);
  }
  const figures = medianFigures(results.map(figuresOf));
  const advice = [...new Set(results.flatMap(adviceOf))];
  return { name, url, figures, missed: missedTargets(figures), advice };
}

function row({ name, figures, missed }) {
  return {
    page: name,
    score: figures.score,
    'FCP s': (figures.fcpMs / 1000).toFixed(2),
    'LCP s': (figures.lcpMs / 1000).toFixed(2),
    'TBT ms': Math.round(figures.tbtMs),
    CLS: figures.cls.toFixed(3),
    'SI s': (figures.speedIndexMs / 1000).toFixed(2),
    'JS KB': (figures.jsBytes / 1024).toFixed(1),
    'all KB': (figures.totalBytes / 1024).toFixed(1),
    targets: missed.length === 0 ? 'pass' : 'FAIL',
  };
}

/** Measures `/` and a published runner page; resolves to one summary per page. */
export async function runLighthouseBench({ runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) } = {}) {
  mkdirSync(REPORT_DIR, { recursive: true });
  const external = process.env.BENCH_LIGHTHOUSE_BASE;
  const run = external ? undefined : createTestRun('lighthouse');
  let stack;
  let chrome;
  try {
    let base = external;
    let env = process.env;
    if (run) {
      await run.setUp();
      await migrateAll(run.env);
      stack = await startStack({ env: { ...run.env, LOG_LEVEL: 'warn' }, port: await freePort() });
      base = stack.url;
      env = stack.env;
    }
    const page = await seedRunnerPage(base);
    await publishRunnerPage(base, env, page);
    const pages = [
      { name: 'landing /', url: `${base}/` },
      { name: 'runner page /{slug}', url: `${base}/${page.profile.urlSlug}` },
    ];
    // One visit first, so the gateway's page cache and the OS file cache are as a visitor finds them.
    for (const { url } of pages) await fetch(url).then((res) => res.text());
    await fetch(`${base}/api/runner-profile/${page.profile.urlSlug}`).then((res) => res.text());

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
    });
    const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
    console.log(
      `\nLighthouse 12, mobile preset, median of ${runs} runs per page (load average ${one} ${five} ${fifteen})`,
    );
    const summaries = [];
    for (const { name, url } of pages) summaries.push(await measurePage(chrome.port, name, url, runs));
    console.table(summaries.map(row));
    const { score, lcpMs, tbtMs, cls } = TARGETS;
    console.log(`targets: score ≥ ${score}, LCP ≤ ${lcpMs / 1000} s, TBT ≤ ${tbtMs} ms, CLS ≤ ${cls}`);
    for (const summary of summaries) {
      if (summary.missed.length > 0) console.log(`${summary.name} misses: ${summary.missed.join('; ')}`);
      if (summary.advice.length > 0) console.log(`${summary.name}, Lighthouse suggests: ${summary.advice.join('; ')}`);
    }
    console.log(`reports: ${REPORT_DIR}`);
    return summaries;
  } finally {
    await chrome?.kill();
    await stack?.stop();
    await run?.tearDown();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLighthouseBench();
