import type { EventPageResponse, EventRanking } from '@runpledge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const eventKey = (slug: string) => ['event', slug] as const;

export function getEvent(slug: string, by: EventRanking, page: number, query: string): Promise<EventPageResponse> {
  const params = new URLSearchParams({ by, page: String(page) });
  if (query) params.set('query', query);
  return api.get<EventPageResponse>(`/api/events/${encodeURIComponent(slug)}?${params}`);
}

export const eventQuery = (slug: string, by: EventRanking, page: number, query: string) =>
  queryOptions({ queryKey: [...eventKey(slug), by, page, query], queryFn: () => getEvent(slug, by, page, query) });

/** The event page; the previous ranking, page or search stays shown while the next one loads. */
export function useEvent(slug: string, by: EventRanking, page: number, query: string) {
  return useQuery({ ...eventQuery(slug, by, page, query), placeholderData: keepPreviousData });
}
