import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout and only logs "not implemented" for the scrolling ScrollRestoration does.
window.scrollTo = () => {};

// Testing Library only cleans up by itself when test globals are enabled; they are not.
afterEach(() => {
  cleanup();
  delete window.dataLayer;
});
