import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes load their code on first render; on a busy 2-core CI box that can pass 1 s.
configure({ asyncUtilTimeout: 5000 });

// Files of plain logic run in Node (`// @vitest-environment node`): no window there.
const browserLike = typeof window !== 'undefined';

// jsdom has no layout and only logs "not implemented" for the scrolling ScrollRestoration does.
if (browserLike) window.scrollTo = () => {};

// Testing Library only cleans up by itself when test globals are enabled; they are not.
afterEach(() => {
  if (!browserLike) return;
  cleanup();
  delete window.dataLayer;
});
