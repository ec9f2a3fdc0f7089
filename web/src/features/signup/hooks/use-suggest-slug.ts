import { useEffect, useState } from 'react';
import type { suggestSlug } from '../utils/suggest-slug';

export type SuggestSlug = typeof suggestSlug;

let loaded: SuggestSlug | null = null;
let loading: Promise<SuggestSlug> | null = null;

/**
 * Loads `suggestSlug` once: its transliteration tables are 9 kB of gzipped JavaScript that the
 * /signup first load does without. A failed load may be tried again.
 */
export function loadSuggestSlug(): Promise<SuggestSlug> {
  loading ??= import('../utils/suggest-slug').then(
    (module) => (loaded = module.suggestSlug),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * `suggestSlug`, or null until its code has arrived: the form asks for it once it is on screen.
 * A name typed before then gets its suggestion when it arrives (see SignupForm).
 */
export function useSuggestSlug(): SuggestSlug | null {
  const [suggest, setSuggest] = useState<SuggestSlug | null>(() => loaded);
  useEffect(() => {
    if (suggest) return;
    let mounted = true;
    loadSuggestSlug().then(
      (fn) => {
        if (mounted) setSuggest(() => fn);
      },
      (error: unknown) => console.error('Could not load the page address suggestion:', error),
    );
    return () => {
      mounted = false;
    };
  }, [suggest]);
  return suggest;
}
