import { z } from 'zod';

export const fitnessProfileSchema = z.object({
  stravaConnected: z.boolean(),
  trainingStartDate: z.string().nullable(),
  needsReconnect: z.boolean(),
  lastSyncedAt: z.iso.datetime().nullable(),
  publicDisplayConsent: z.boolean(),
});
export type FitnessProfile = z.infer<typeof fitnessProfileSchema>;

export const trainingStatsSchema = z.object({
  hasTrainingData: z.boolean(),
  totalMiles: z.number(),
  averagePace: z.string().nullable(),
  trainingStartDate: z.string().nullable(),
  runCount: z.number().int(),
  /** True when Strava-sourced runs are part of the figures: the page then shows 'Powered by Strava'. */
  includesStravaData: z.boolean(),
  /** Miles run in each of the last weeks (Monday first), oldest first. */
  weeklyMiles: z.array(z.object({ weekStart: z.string(), miles: z.number() })),
});
export type TrainingStats = z.infer<typeof trainingStatsSchema>;
