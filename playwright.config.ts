import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// Journeys run in E2E_WORKERS workers side by side, each against a stack of its own
// (scripts/e2e-stack.mjs): its own database, port and emulators, so one journey's data or emulator
// fault never reaches another's. The runner picks the port bases once; workers inherit them.
// Two by default: on a two-core machine three stacks and three browsers starved each other once the
// stack grew (community's worker, billing's jobs), and journeys ran past their 45 s.
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
process.env.E2E_PORT_BASE ??= String(3100 + Math.floor(Math.random() * 700));
process.env.E2E_STRAVA_PORT_BASE ??= String(13100 + Math.floor(Math.random() * 700));
const portBase = Number(process.env.E2E_PORT_BASE);
const stravaBase = Number(process.env.E2E_STRAVA_PORT_BASE);
const indexes = Array.from({ length: workers }, (_, i) => i);
// In a worker, its stack: TEST_PARALLEL_INDEX is the worker's slot (0..workers-1), kept by a worker
// that replaces a failed one.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
process.env.E2E_PORT = String(portBase + slot);
process.env.E2E_STRAVA_EMULATOR_PORT = String(stravaBase + slot);
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const controlPort = portBase + workers;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  // A stray test.only would silently skip every other journey.
  forbidOnly: true,
  // Three stacks and three browsers share the machine (two cores in CI): a step that takes half a
  // second alone can take several under that load. The waits are for slowness, never for a wrong
  // answer: each assertion still fails on what it sees at the end.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-stack.mjs',
    url: `http://127.0.0.1:${controlPort}/ready`,
    env: {
      E2E_PORTS: indexes.map((i) => portBase + i).join(','),
      E2E_STRAVA_EMULATOR_PORTS: indexes.map((i) => stravaBase + i).join(','),
      E2E_CONTROL_PORT: String(controlPort),
    },
    reuseExistingServer: false,
    // A busy shared machine may need longer to start the stacks: E2E_STACK_TIMEOUT_MS (with
    // STACK_READY_TIMEOUT_MS, each stack's own wait for its services, 60 s by default).
    timeout: Number(process.env.E2E_STACK_TIMEOUT_MS ?? 180_000),
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
