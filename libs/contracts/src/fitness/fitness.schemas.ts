import { z } from 'zod';

export const trainingStatsSchema = z.object({
  hasTrainingData: z.boolean(),
  totalMiles: z.number(),
  averagePace: z.string().nullable(),
  trainingStartDate: z.string().nullable(),
  runCount: z.number().int(),
});
export type TrainingStats = z.infer<typeof trainingStatsSchema>;
export const trainingStatsRequestSchema = z.object({ profileId: z.uuid() });

export const fitnessProfileSchema = z.object({
  stravaConnected: z.boolean(),
  trainingStartDate: z.string().nullable(),
  needsReconnect: z.boolean(),
  lastSyncedAt: z.iso.datetime().nullable(),
});
export type FitnessProfile = z.infer<typeof fitnessProfileSchema>;
export const fitnessProfileRequestSchema = z.object({
  profileId: z.uuid('Fitness profile not found'),
});
