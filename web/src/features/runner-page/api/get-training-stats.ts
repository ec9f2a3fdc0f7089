import type { TrainingStats } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const trainingStatsKey = (profileId: string) => ['training-stats', profileId] as const;

export function getTrainingStats(profileId: string): Promise<TrainingStats> {
  return api.get<TrainingStats>(`/api/training-stats/${profileId}`);
}

export function useTrainingStats(profileId: string, enabled = true) {
  return useQuery({ queryKey: trainingStatsKey(profileId), queryFn: () => getTrainingStats(profileId), enabled });
}
