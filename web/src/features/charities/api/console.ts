import {
  CHARITY_CONSOLE_SORTS,
  type CharityMessageRequest,
  type CharityMessageResponse,
  type CharityPageResponse,
  type CharityResponse,
  type CharityRunnerFlag,
  type CharityRunnersResponse,
  type CharityStaffRequest,
  type CharityStaffResponse,
  type CharityVerificationRequest,
  type UpdateCharityRequest,
} from '@runpledge/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api } from '@/lib/api-client';

export type CharityConsoleSort = (typeof CHARITY_CONSOLE_SORTS)[number];

/** What the console's runner list is narrowed and ordered by (the CSV takes the same). */
export interface CharityRunnersFilter {
  /** An event id. */
  event?: string;
  flag?: CharityRunnerFlag;
  sort: CharityConsoleSort;
}

const consoleKey = (charityId: string) => ['charity-console', charityId] as const;
const staffKey = (charityId: string) => [...consoleKey(charityId), 'staff'] as const;

function runnersQueryString(filter: CharityRunnersFilter, page?: number): string {
  const query = new URLSearchParams();
  if (filter.event) query.set('event', filter.event);
  if (filter.flag) query.set('flag', filter.flag);
  query.set('sort', filter.sort);
  if (page !== undefined) query.set('page', String(page));
  return query.toString();
}

/** GET /api/charities/{id}/runners: every page naming the charity, published or not, 50 a page. */
export function getCharityRunners(
  charityId: string,
  filter: CharityRunnersFilter,
  page: number,
): Promise<CharityRunnersResponse> {
  return api.get<CharityRunnersResponse>(`/api/charities/${charityId}/runners?${runnersQueryString(filter, page)}`);
}

export function useCharityRunners(charityId: string, filter: CharityRunnersFilter, page: number) {
  return useQuery({
    queryKey: [...consoleKey(charityId), 'runners', filter, page],
    queryFn: () => getCharityRunners(charityId, filter, page),
    placeholderData: keepPreviousData,
  });
}

export const runnersCsvPath = (charityId: string, filter: CharityRunnersFilter) =>
  `/api/charities/${charityId}/runners.csv?${runnersQueryString(filter)}`;

/**
 * GET /api/charities/{id}/runners.csv as a file: the same request the API client sends (session
 * cookie included) but read as a Blob, since the answer is CSV rather than JSON.
 */
export async function getRunnersCsv(charityId: string, filter: CharityRunnersFilter): Promise<Blob> {
  const response = await fetch(runnersCsvPath(charityId, filter), {
    method: 'GET',
    headers: { Accept: 'text/csv' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    let body: Record<string, unknown> | undefined;
    try {
      body = (await response.json()) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    throw new ApiRequestError(response, body);
  }
  return response.blob();
}

export function useRunnersCsv(charityId: string) {
  return useMutation({ mutationFn: (filter: CharityRunnersFilter) => getRunnersCsv(charityId, filter) });
}

/** POST /api/charities/{id}/messages: plain text to the chosen runners, queued for mailing. */
export function useMessageRunners(charityId: string) {
  return useMutation({
    mutationFn: (message: CharityMessageRequest) =>
      api.postOnce<CharityMessageResponse>(`/api/charities/${charityId}/messages`, message),
  });
}

/** GET /api/charities/{id}/staff: admins only, so a 403 says the viewer is staff but not admin. */
export function useCharityStaff(charityId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: staffKey(charityId),
    queryFn: () => api.get<CharityStaffResponse>(`/api/charities/${charityId}/staff`),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });
}

export const isRefused = (error: unknown) => error instanceof ApiRequestError && error.status === 403;

/** POST /api/charities/{id}/staff: an invitation is mailed. */
export function useInviteStaff(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: CharityStaffRequest) =>
      api.post<CharityStaffResponse>(`/api/charities/${charityId}/staff`, invite),
    onSuccess: (answer) => queryClient.setQueryData(staffKey(charityId), answer),
  });
}

/** DELETE /api/charities/{id}/staff/{userId}. */
export function useRemoveStaff(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<CharityStaffResponse>(`/api/charities/${charityId}/staff/${userId}`),
    onSuccess: (answer) => queryClient.setQueryData(staffKey(charityId), answer),
  });
}

/** POST /api/charities/{id}/verification: a link is mailed to an address at the website's domain. */
export function useRequestVerification(charityId: string) {
  return useMutation({
    mutationFn: (request: CharityVerificationRequest) =>
      api.post<{ success: true }>(`/api/charities/${charityId}/verification`, request),
  });
}

/** PUT /api/charities/{id}: the charity page (and this console) read the saved details again. */
export function useUpdateCharity(charityId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCharityRequest) => api.put<CharityResponse>(`/api/charities/${charityId}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['charity', slug] }),
  });
}

/** A race as the charity page lists it, with its event's id (null for a race not in the directory). */
export type CharityRace = CharityPageResponse['events'][number];
