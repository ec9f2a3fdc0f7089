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
      restoreMocks: true,
      unstubGlobals: true,
      unstubEnvs: true,
    },
  }),
);
