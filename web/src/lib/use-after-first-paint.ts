import { useEffect, useState } from 'react';

/**
 * False until the browser is idle after the first paint, then true: for requests the first screen
 * does not show, so they do not compete with it (the runner page's training figures and donor wall,
 * below a phone's first screen). Where `requestIdleCallback` is missing (Safari, tests): true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(() => typeof requestIdleCallback === 'undefined');
  useEffect(() => {
    if (ready) return;
    let idle: number | undefined;
    const frame = requestAnimationFrame(() => {
      idle = requestIdleCallback(() => setReady(true), { timeout: 1_000 });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [ready]);
  return ready;
}
