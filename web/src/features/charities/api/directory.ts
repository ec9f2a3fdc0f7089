import type { Charity, CharityDirectoryResponse } from '@runpledge/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { charityQuery } from './charities';

/** Fewer letters than this ask nothing of the directory: too many charities match one letter. */
export const DIRECTORY_MIN_QUERY = 2;

/** GET /api/charities?query=&page=: the public directory, verified charities first. */
export function searchCharities(query: string, page = 1): Promise<CharityDirectoryResponse> {
  return api.get<CharityDirectoryResponse>(`/api/charities?${new URLSearchParams({ query, page: String(page) })}`);
}

/** The directory's first page for what was typed (debounce it first); nothing asked under two letters. */
export function useCharityDirectory(query: string) {
  const typed = query.trim();
  return useQuery({
    queryKey: ['charities', 'directory', typed.toLowerCase()],
    queryFn: () => searchCharities(typed),
    enabled: typed.length >= DIRECTORY_MIN_QUERY,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (answer): Charity[] => answer.charities,
  });
}

/** One charity by its address (GET /api/charities/{slug}), e.g. the one a "Run for us" link names. */
export function useCharityBySlug(slug: string | undefined) {
  const { user } = useAuth();
  return useQuery({
    ...charityQuery(slug ?? '', user?.id),
    enabled: Boolean(slug),
    select: (answer): Charity => answer.charity,
  });
}
