import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// Workers inherit the port chosen once here by the runner.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
// The stack's Strava emulator, which the journeys also drive (seeding athletes, revoking tokens).
process.env.E2E_STRAVA_EMULATOR_PORT ??= String(13100 + Math.floor(Math.random() * 800));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A stray test.only would silently skip every other journey.
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
    url: `${baseURL}/api/health/ready?all=true`,
    reuseExistingServer: false,
    // A busy shared machine may need longer to start the stack: E2E_STACK_TIMEOUT_MS (with
    // STACK_READY_TIMEOUT_MS, the stack's own wait for its services, 60 s by default).
    timeout: Number(process.env.E2E_STACK_TIMEOUT_MS ?? 120_000),
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
