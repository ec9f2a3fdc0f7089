// `npm test`: builds, lints, then runs every test runner (jest: unit + integration on the real
// PostgreSQL, Redis and NATS; vitest: web; Playwright: end-to-end in Chromium against a stack it
// starts) and ends with one line `N passed, N failed` summing them all.
import './lib/node-runtime.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ROOT } from './lib/stack.mjs';

const runtime = `${ROOT}.runtime/test`;
rmSync(runtime, { recursive: true, force: true });
mkdirSync(runtime, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- jest e2e`
const wanted = (name) => only.length === 0 || only.includes(name);

function run(title, command, args, options = {}) {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
  });
  return result.status ?? 1;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

const totals = [];
const record = (name, passed, failed, note = '') => totals.push({ name, passed, failed, note });

if (run('build', 'npm', ['run', 'build']) !== 0) {
  record('build', 0, 1, 'build failed');
} else {
  if (wanted('lint')) {
    const lint = run('lint', 'npm', ['run', 'lint']);
    record('lint', lint === 0 ? 1 : 0, lint === 0 ? 0 : 1);
  }
  if (wanted('jest')) {
    const out = `${runtime}/jest.json`;
    const code = run('jest (unit + integration)', process.execPath, [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--runInBand',
      '--json',
      `--outputFile=${out}`,
    ]);
    const json = readJson(out);
    if (json) {
      const failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
      // A failing global setup or teardown, or open handles, fail jest without failing a test.
      const unexplained = code !== 0 && failed === 0;
      record('jest', json.numPassedTests, failed + (unexplained ? 1 : 0), unexplained ? `jest exited ${code}` : '');
    } else record('jest', 0, 1, `no results (exit ${code})`);
  }
  if (wanted('web')) {
    const out = `${runtime}/vitest.json`;
    const code = run(
      'vitest (web)',
      process.execPath,
      [`${ROOT}node_modules/vitest/vitest.mjs`, 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
      { cwd: `${ROOT}web` },
    );
    const json = readJson(out);
    if (json)
      record('vitest', json.numPassedTests, json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0));
    else record('vitest', 0, 1, `no results (exit ${code})`);
  }
  if (wanted('e2e')) {
    const out = `${runtime}/playwright.json`;
    const code = run(
      'playwright (end-to-end, Chromium)',
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'],
      { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } },
    );
    const json = readJson(out);
    if (json?.stats) {
      const failed = json.stats.unexpected + json.stats.flaky + (json.errors?.length ?? 0);
      record('playwright', json.stats.expected, failed);
    } else record('playwright', 0, 1, `no results (exit ${code})`);
  }
}

console.log('\n━━ summary ━━');
for (const t of totals)
  console.log(`${t.name.padEnd(12)} ${t.passed} passed, ${t.failed} failed${t.note ? ` (${t.note})` : ''}`);
const passed = totals.reduce((n, t) => n + t.passed, 0);
const failed = totals.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
