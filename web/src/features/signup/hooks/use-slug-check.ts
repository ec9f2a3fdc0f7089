import { SLUG_TAKEN_MESSAGE, urlSlugSchema } from '@runpledge/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSlugAvailability } from '../api/get-slug-availability';

export type SlugCheck =
  | { status: 'empty' }
  | { status: 'invalid'; message: string }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'taken'; message: string }
  /** The check could not be made; the server checks again when the page is created. */
  | { status: 'unknown' };

const CHECK_DELAY_MS = 400;

/** The live check of a page address: its form first (shared schema), then, once typing pauses, the server. */
export function useSlugCheck(slug: string): SlugCheck {
  const debounced = useDebouncedValue(slug, CHECK_DELAY_MS);
  const format = urlSlugSchema.safeParse(slug);
  const query = useSlugAvailability(debounced, format.success && debounced === slug);

  if (slug === '') return { status: 'empty' };
  if (!format.success) return { status: 'invalid', message: format.error.issues[0]?.message ?? '' };
  if (debounced !== slug || query.isFetching) return { status: 'checking' };
  if (query.isError) return { status: 'unknown' };
  if (!query.data) return { status: 'checking' };
  return query.data.available
    ? { status: 'available' }
    : { status: 'taken', message: query.data.message ?? SLUG_TAKEN_MESSAGE };
}
