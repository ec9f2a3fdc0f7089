import type { SlugAvailability } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getSlugAvailability(slug: string): Promise<SlugAvailability> {
  return api.get(`/api/slug-availability?slug=${encodeURIComponent(slug)}`);
}

/** The live availability check of a page address; `enabled` once the address is well formed. */
export function useSlugAvailability(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['slug-availability', slug],
    queryFn: () => getSlugAvailability(slug),
    enabled,
    // A check that cannot be made does not stop anyone: the server checks again on creation.
    retry: false,
    staleTime: 15_000,
  });
}
