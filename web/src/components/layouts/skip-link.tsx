import type { MouseEvent } from 'react';

/** The id of each layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key on every screen: hidden until focused, it moves keyboard focus
 * past the header to the page's <main>, whichever layout rendered it.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    // Focusable by script only, so it is not an extra Tab stop.
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only rounded-md bg-white px-4 py-3 font-semibold text-brand-800 shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-60"
    >
      Skip to content
    </a>
  );
}
