// One jest run for every back-end workspace: unit specs beside the code (`src/**/*.spec.ts`) and
// integration tests on the real PostgreSQL, Redis and NATS (`test/**/*.int-spec.ts`).
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
const workspaces = [
  'libs/contracts',
  'libs/server-kit',
  'services/identity',
  'services/profiles',
  'services/billing',
  'services/fitness',
  'services/gateway',
  'tools/emulators',
];

export default {
  // Integration tests start real services; the 5 s default is too tight on a loaded 2-core box.
  testTimeout: 30_000,
  globalSetup: '<rootDir>/scripts/jest/global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.mjs',
  projects: workspaces.map((dir) => ({
    displayName: dir.split('/')[1],
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': ['@swc/jest', swc] },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  })),
};
