// `npm test`: builds, then runs every test runner and ends with a table of each stage's time and one
// line `N passed, N failed` summing them all.
//
//   build                       tsc -b and vite build (every runner needs it)
//   lint, vitest, jest          side by side: eslint + prettier; the web's vitest; jest (unit and
//                               integration on the real PostgreSQL, Redis and NATS, deployment checks)
//                               in JEST_WORKERS workers, each on a test run of its own
//   playwright                  end-to-end in Chromium, E2E_WORKERS workers each against its own stack
//
// `npm test -- jest e2e` runs some stages only (lint, jest, web, e2e). A stage that runs beside
// others writes its output to .runtime/test/<stage>.log and prints it when it ends.
//
// Wall times move with whatever else the machine runs; the CPU a stage used (user + sys of it and
// every process it started and waited for, from /usr/bin/time) does much less, so the table shows
// both. The slowest files of each runner follow it, and .runtime/test/timings.json keeps every
// file's time (docs/performance.md, "The test run").
import './lib/node-runtime.mjs';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ROOT } from './lib/stack.mjs';

const runtime = `${ROOT}.runtime/test`;
rmSync(runtime, { recursive: true, force: true });
mkdirSync(runtime, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- jest e2e`
const wanted = (name) => only.length === 0 || only.includes(name);
const jestWorkers = process.env.JEST_WORKERS || '3';

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Runs one stage. `live`: its output goes straight to the terminal; otherwise to its log, printed
 * whole when it ends. Resolves to { code, ms }.
 */
// GNU time, where the machine has it, measures a stage's CPU: `-o` keeps its figures out of the output.
const TIME = '/usr/bin/time';
const timed = existsSync(TIME);

/** CPU seconds (user + sys) that /usr/bin/time wrote for a stage, or undefined. */
function cpuOf(file) {
  if (!existsSync(file)) return undefined;
  const match = readFileSync(file, 'utf8').match(/cpu ([\d.]+) ([\d.]+)/);
  return match ? Number(match[1]) + Number(match[2]) : undefined;
}

function stage(name, command, args, { live = false, env = {}, cwd = ROOT } = {}) {
  const started = Date.now();
  if (live) console.log(`\n━━ ${name} ━━`);
  const cpuFile = `${runtime}/${name}.cpu`;
  if (timed) {
    args = ['-f', 'cpu %U %S', '-o', cpuFile, command, ...args];
    command = TIME;
  }
  const child = spawn(command, args, {
    cwd,
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
  });
  const logPath = `${runtime}/${name}.log`;
  if (!live) {
    const log = createWriteStream(logPath);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      if (!live) console.log(`\n━━ ${name} (${seconds(ms)}) ━━\n${readFileSync(logPath, 'utf8').trimEnd()}`);
      resolve({ code: code ?? (signal ? 1 : 0), ms, cpu: cpuOf(cpuFile) });
    });
  });
}

const totals = [];
const record = (name, { ms, cpu }, passed, failed, note = '') => totals.push({ name, ms, cpu, passed, failed, note });
const node = process.execPath;
const startedAll = Date.now();

const build = await stage('build', 'npm', ['run', 'build'], { live: true });
if (build.code !== 0) {
  record('build', build, 0, 1, 'build failed');
} else {
  record('build', build, 1, 0);
  const side = [];
  if (wanted('lint')) {
    side.push(
      stage('lint', 'npm', ['run', 'lint']).then(({ code, ms, cpu }) =>
        record('lint', { ms, cpu }, code === 0 ? 1 : 0, code === 0 ? 0 : 1),
      ),
    );
  }
  if (wanted('web')) {
    const out = `${runtime}/vitest.json`;
    side.push(
      stage(
        'vitest',
        node,
        [
          `${ROOT}node_modules/vitest/vitest.mjs`,
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${out}`,
        ],
        { cwd: `${ROOT}web` },
      ).then(({ code, ms, cpu }) => {
        const json = readJson(out);
        if (json)
          record(
            'vitest',
            { ms, cpu },
            json.numPassedTests,
            json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0),
          );
        else record('vitest', { ms, cpu }, 0, 1, `no results (exit ${code})`);
      }),
    );
  }
  if (wanted('jest')) {
    const out = `${runtime}/jest.json`;
    side.push(
      stage(
        'jest',
        node,
        [
          '--experimental-vm-modules',
          'node_modules/jest/bin/jest.js',
          `--maxWorkers=${jestWorkers}`,
          '--json',
          `--outputFile=${out}`,
        ],
        // Jest's output streams as it comes; lint's and vitest's are printed whole when they end.
        { live: true },
      ).then(({ code, ms, cpu }) => {
        const json = readJson(out);
        if (json) {
          const failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
          // A failing global setup or teardown, or open handles, fail jest without failing a test.
          const unexplained = code !== 0 && failed === 0;
          record(
            'jest',
            { ms, cpu },
            json.numPassedTests,
            failed + (unexplained ? 1 : 0),
            unexplained ? `jest exited ${code}` : '',
          );
        } else record('jest', { ms, cpu }, 0, 1, `no results (exit ${code})`);
      }),
    );
  }
  await Promise.all(side);
  if (wanted('e2e')) {
    const out = `${runtime}/playwright.json`;
    const { code, ms, cpu } = await stage(
      'playwright',
      node,
      ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'],
      { live: true, env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } },
    );
    const json = readJson(out);
    if (json?.stats) {
      const failed = json.stats.unexpected + json.stats.flaky + (json.errors?.length ?? 0);
      record('playwright', { ms, cpu }, json.stats.expected, failed);
    } else record('playwright', { ms, cpu }, 0, 1, `no results (exit ${code})`);
  }
}

/** Each file's wall time from a runner's JSON report (jest and vitest share a shape; Playwright nests). */
function fileTimes() {
  const files = [];
  for (const runner of ['jest', 'vitest']) {
    for (const result of readJson(`${runtime}/${runner}.json`)?.testResults ?? []) {
      const ms = (result.endTime ?? 0) - (result.startTime ?? 0);
      if (ms > 0) files.push({ runner, file: String(result.name).replace(ROOT, ''), ms });
    }
  }
  const spent = (suite) =>
    (suite.specs ?? []).reduce(
      (n, spec) => n + spec.tests.reduce((m, t) => m + t.results.reduce((k, r) => k + (r.duration ?? 0), 0), 0),
      0,
    ) + (suite.suites ?? []).reduce((n, inner) => n + spent(inner), 0);
  for (const suite of readJson(`${runtime}/playwright.json`)?.suites ?? []) {
    files.push({ runner: 'playwright', file: `e2e/${suite.file}`, ms: spent(suite) });
  }
  return files.sort((a, b) => b.ms - a.ms);
}

// Figures only: a report of an unexpected shape never fails the run.
let files = [];
try {
  files = fileTimes();
  writeFileSync(`${runtime}/timings.json`, JSON.stringify({ stages: totals, files }, null, 2));
} catch (err) {
  console.log(`(no per-file times: ${err.message})`);
}
console.log('\n━━ slowest files ━━');
for (const runner of ['jest', 'vitest', 'playwright']) {
  const slowest = files.filter((f) => f.runner === runner).slice(0, 5);
  for (const f of slowest) console.log(`${runner.padEnd(12)} ${seconds(f.ms).padStart(7)}  ${f.file}`);
}

console.log('\n━━ summary ━━');
console.log(`${'stage'.padEnd(12)} ${'time'.padStart(7)} ${'cpu'.padStart(7)}  result`);
for (const t of totals)
  console.log(
    `${t.name.padEnd(12)} ${seconds(t.ms).padStart(7)} ${(t.cpu === undefined ? '-' : `${t.cpu.toFixed(0)} s`).padStart(7)}  ${t.passed} passed, ${t.failed} failed${t.note ? ` (${t.note})` : ''}`,
  );
console.log(
  `${'all'.padEnd(12)} ${seconds(Date.now() - startedAll).padStart(7)} ${''.padStart(7)}  (lint, vitest and jest side by side; cpu: user + sys)`,
);
const passed = totals.filter((t) => t.name !== 'build').reduce((n, t) => n + t.passed, 0);
const failed = totals.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
