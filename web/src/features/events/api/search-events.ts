import type { EventListResponse } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function searchEvents(query: string): Promise<EventListResponse> {
  return api.get<EventListResponse>(`/api/events?${new URLSearchParams({ query })}`);
}

/** Upcoming events whose name or city has the words typed (nothing asked under two letters). */
export function useEventSuggestions(query: string) {
  const typed = query.trim();
  return useQuery({
    queryKey: ['events', 'suggest', typed.toLowerCase()],
    queryFn: () => searchEvents(typed),
    enabled: typed.length >= 2,
    staleTime: 60_000,
    select: (answer) => answer.events,
  });
}
