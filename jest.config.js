// One jest run for every back-end workspace: unit specs beside the code (`src/**/*.spec.ts`) and
// integration tests on the real PostgreSQL, Redis and NATS (`test/**/*.int-spec.ts`), plus the
// deployment checks of `deploy/test`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
const workspaces = [
  'libs/contracts',
  'libs/server-kit',
  'services/identity',
  'services/profiles',
  'services/billing',
  'services/fitness',
  'services/community',
  'services/gateway',
  'tools/emulators',
];

// Each test file runs on its jest worker's own test run (database, NATS namespace, Redis prefix).
const workerRun = fileURLToPath(new URL('./scripts/jest/worker-run.mjs', import.meta.url));

const typescript = {
  testEnvironment: 'node',
  setupFiles: [workerRun],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

export default {
  // A global option: inside `projects` Jest ignores it and applies its 5 s default.
  testTimeout: 30_000,
  globalSetup: '<rootDir>/scripts/jest/global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.mjs',
  projects: [
    ...workspaces.map((dir) => ({
      ...typescript,
      displayName: dir.split('/')[1],
      rootDir: `<rootDir>/${dir}`,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
    })),
    // Faults of real life (issue #16): each file starts a stack on its own PostgreSQL, NATS and Redis
    // and stops, kills and restarts them under load. Never the machine's shared instances.
    {
      ...typescript,
      displayName: 'faults',
      rootDir: '<rootDir>/test/faults',
      testMatch: ['<rootDir>/**/*.int-spec.ts'],
    },
    // The scripts' own logic (e.g. where the test infrastructure comes from), with injected probes.
    {
      testEnvironment: 'node',
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      setupFiles: [workerRun],
      testMatch: ['<rootDir>/**/*.spec.mjs'],
      transform: {},
    },
    // Deployment checks: Kustomize overlays, docker-compose.yml, the Dockerfile, graceful shutdown.
    {
      ...typescript,
      displayName: 'deploy',
      rootDir: '<rootDir>/deploy',
      testMatch: ['<rootDir>/test/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
    },
  ],
};
