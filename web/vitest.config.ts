import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      root: viteConfig.root,
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      // Tests wait on conditions (Testing Library's waitFor and findBy, up to 5 s by default, 10 s where
      // a real timer comes first); a busy CI machine running jest beside vitest needs the room.
      testTimeout: 20_000,
      // Worker threads rather than child processes: each file still gets a fresh module graph and
      // jsdom of its own (isolate stays on), for about a quarter less CPU (docs/performance.md, "The
      // test run"). Sharing one graph between files (isolate: false) halves it again but lets one
      // file's late timers call into the next file's mocks.
      pool: 'threads',
      restoreMocks: true,
      unstubGlobals: true,
      unstubEnvs: true,
    },
  }),
);
