// One lint setup for the whole repo: type-aware rules where they protect the design
// (no floating promises, exhaustive switches), and no relative imports across packages.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICES = 'identity,profiles,billing,fitness,community,gateway';
const BY_WORKSPACE_NAME = {
  group: ['../../*/**', '**/libs/**', '**/services/**', '**/web/**'],
  message: 'Import another package by its workspace name (@runpledge/…), not by path.',
};

// The gateway reads no database and sends no mail: server-kit's barrel would load TypeORM, pg and nodemailer.
const SERVER_KIT_BARREL = {
  name: '@runpledge/server-kit',
  message: 'Import a subpath (@runpledge/server-kit/config, /logging, /messaging, …): the barrel loads TypeORM.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.runtime/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'outbox/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['libs/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [BY_WORKSPACE_NAME],
        },
      ],
    },
  },
  {
    // Every variable comes through the process's zod-parsed configuration (config/env.ts), validated at
    // start and documented in .env.example (deploy/test/compose.spec.ts); the OpenTelemetry start-up
    // reads the SDK's standard OTEL_* variables before anything else loads.
    files: ['libs/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/config/env.ts', 'libs/server-kit/src/telemetry/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from config/env.ts (a zod schema with a default and bounds), not process.env.',
        },
      ],
    },
  },
  {
    // The gateway reads no database and sends no mail: it takes server-kit's subpaths, never the
    // barrel that loads TypeORM, pg and nodemailer (services/gateway/src/process-imports.spec.ts).
    files: ['services/gateway/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SERVER_KIT_BARREL],
          patterns: [BY_WORKSPACE_NAME],
        },
      ],
    },
  },
  {
    // common/guards/ sits a level deeper: it reaches the gateway's own folders with `../../`, and
    // leaving src/ takes `../../../` (another service is also caught by boundaries/dependencies).
    files: ['services/gateway/src/*/*/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SERVER_KIT_BARREL],
          patterns: [{ ...BY_WORKSPACE_NAME, group: ['../../../*/**', ...BY_WORKSPACE_NAME.group.slice(1)] }],
        },
      ],
    },
  },
  {
    // Migrations sit two levels down (src/database/migrations/): `../../` reaches the service's own
    // folders (a migration telling events reuses the feature's own code), `../../../` leaves src/.
    files: ['services/*/src/database/migrations/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...BY_WORKSPACE_NAME, group: ['../../../*/**', ...BY_WORKSPACE_NAME.group.slice(1)] }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/libs/**', '**/services/**'], message: 'Import shared code through @runpledge/contracts.' },
          ],
        },
      ],
    },
  },

  // Boundaries between the parts (docs/architecture.md says why each one exists).
  // eslint-plugin-boundaries classifies every file by the folder it lives in and every import by
  // the file it resolves to (workspace names and the web app's `@/` alias through the TypeScript
  // resolver), so `@runpledge/billing`, `../../billing/src/x.js` and `@/features/x/y` are all seen.
  {
    files: ['libs/**/*.{ts,tsx}', 'services/**/*.{ts,tsx}', 'tools/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
      'boundaries/elements': [
        { type: 'contracts', pattern: 'libs/contracts' },
        { type: 'server-kit', pattern: 'libs/server-kit' },
        { type: 'service', pattern: 'services/*', capture: ['name'] },
        { type: 'emulators', pattern: 'tools/emulators' },
        { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'web', pattern: 'web' },
      ],
      'boundaries/files-single-match': true, // a file is "test" or else "production"
      'boundaries/files': [
        { category: 'test', pattern: ['**/test/**', '**/testing/**', '**/*.spec.ts', '**/*.test.{ts,tsx}'] },
        { category: 'production', pattern: '**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true, // unresolved workspace names count too
          policies: [
            {
              // A service talks to another over NATS with the shapes in libs/contracts, never by
              // importing its code: each deploys, scales and migrates on its own.
              from: { element: { type: 'service' }, file: { categories: 'production' } },
              disallow: {
                to: [
                  { element: { type: 'service', captured: { name: '!{{from.element.captured.name}}' } } },
                  // A service package has no entry point, so its name does not resolve: match it.
                  { module: { source: `@runpledge/{${SERVICES}}` } },
                ],
              },
              message:
                'A service imports no other service: share the shape in @runpledge/contracts and call it over NATS.',
            },
            {
              // A service's integration test may boot a neighbour whole (its AppModule) to follow
              // an event across the two, and nothing else of it.
              from: { element: { type: 'service' }, file: { categories: 'test' } },
              disallow: {
                to: [
                  {
                    element: {
                      type: 'service',
                      captured: { name: '!{{from.element.captured.name}}' },
                      fileInternalPath: '!src/app.module.ts',
                    },
                  },
                  { module: { source: `@runpledge/{${SERVICES}}` } },
                ],
              },
              message: "A service's test may start another service through its AppModule only.",
            },
            {
              // The browser bundle may carry only the shared shapes: server code there would ship
              // secrets' names, Node built-ins and megabytes of dependencies.
              from: { element: { types: { anyOf: ['web', 'web-feature'] } } },
              disallow: {
                to: [
                  { element: { types: { anyOf: ['server-kit', 'service', 'emulators'] } } },
                  { module: { source: '@runpledge/!(contracts)' } },
                ],
              },
              message: 'The web app imports only @runpledge/contracts.',
            },
            {
              // The emulators stand in for Stripe, Strava and the donation platforms in tests and
              // local runs; production code that reached them would run against a fake.
              from: { element: { type: '!emulators' }, file: { categories: 'production' } },
              // By path, or by name before tools/emulators is built (its entry point is in dist/).
              disallow: { to: [{ element: { type: 'emulators' } }, { module: { source: '@runpledge/emulators' } }] },
              message: 'Production code never imports tools/emulators (tests may).',
            },
          ],
        },
      ],
    },
  },
  {
    // A web feature uses another only through its public index (web/src/features/<name>/index.ts),
    // so a feature's folders can change without breaking its neighbours. Registered a second time
    // under its own name because it covers web/src/features only: app/ routes compose features and
    // may reach into them.
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { 'feature-boundaries': boundaries },
    rules: {
      'feature-boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '!{{from.element.captured.feature}}' },
                    fileInternalPath: '!index.{ts,tsx}',
                  },
                },
              },
              message: 'Import another feature through its public index (@/features/<name>), not its internals.',
            },
          ],
        },
      ],
    },
  },
);
