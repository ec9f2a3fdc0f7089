import type { FitnessProfile, ProfileSummary } from '@runpledge/contracts';
import { api } from '@/lib/api-client';

/**
 * Whether the server holds a Strava connection for the signed-in runner: read from the fitness
 * profile of their newest page (the connection is the runner's, every page of theirs shows it).
 * False without a page; rejects when either read fails.
 */
export async function hasStravaConnection(): Promise<boolean> {
  const [newest] = await api.get<ProfileSummary[]>('/api/recent-profiles');
  if (!newest) return false;
  const fitness = await api.get<FitnessProfile>(`/api/fitness-profile/${encodeURIComponent(newest.id)}`);
  return fitness.stravaConnected;
}

/** The signed-in runner's fitness page (of their newest page), where Strava is connected; else the dashboard. */
export async function fitnessPagePath(): Promise<string> {
  try {
    const [newest] = await api.get<ProfileSummary[]>('/api/recent-profiles');
    return newest ? `/${encodeURIComponent(newest.urlSlug)}/fitness` : '/dashboard';
  } catch {
    return '/dashboard';
  }
}
