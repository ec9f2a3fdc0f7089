import { useCallback, useState } from 'react';

/**
 * Position of a looping carousel that moves one slide at a time and shows `perView` slides.
 * `index` is the first visible slide; next from the last view goes back to the first, and
 * previous from the first view to the last.
 */
export function useCarousel(count: number, perView: number) {
  const [rawIndex, setIndex] = useState(0);
  const maxIndex = Math.max(0, count - perView);
  // A wider screen shows more slides at once, so the last views may no longer exist.
  const index = Math.min(rawIndex, maxIndex);

  const next = useCallback(
    () => setIndex((i) => (Math.min(i, maxIndex) >= maxIndex ? 0 : Math.min(i, maxIndex) + 1)),
    [maxIndex],
  );
  const previous = useCallback(
    () => setIndex((i) => (Math.min(i, maxIndex) <= 0 ? maxIndex : Math.min(i, maxIndex) - 1)),
    [maxIndex],
  );

  const visible = (slide: number) => slide >= index && slide < index + perView;
  return { index, maxIndex, next, previous, visible };
}

/** Cards per view at Tailwind's breakpoints: 3 from lg (spec 9), 2 from md, 1 on phones. */
export function slidesPerViewFor(isLarge: boolean, isMedium: boolean, desktop: number): number {
  if (isLarge) return desktop;
  return isMedium ? Math.min(2, desktop) : 1;
}
