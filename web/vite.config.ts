import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { bundleBudget } from './build/bundle-budget.ts';
import { designTokens } from './build/design-tokens.ts';

// Pinned to this folder so builds and tests behave the same from any working directory.
const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [
    designTokens(fileURLToPath(new URL('./src/design-tokens.css', import.meta.url))),
    react(),
    tailwindcss(),
    // Brotli (quality 11) and gzip (level 9) copies of the hashed assets, made once here and served
    // by the gateway as they are (fastify-static preCompressed): no compression work per request.
    compression({ include: /^assets\/.*\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    bundleBudget(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Read by the bundle budget (build/bundle-budget.ts).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
