import { BUSINESS, FITNESS_LIMITS, formatPacePerMile, type TrainingStats } from '@runpledge/contracts';
import type { RunTotals } from '../activities/activities.repository.js';

const DAY_MS = 86_400_000;

/** Monday of the week containing `date` (`YYYY-MM-DD`). */
export function weekStartOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The Mondays of the chart: the last `weeks` weeks up to today, none before the training start. */
export function chartWeeks(
  today: string,
  trainingStartDate: string | null,
  weeks: number = FITNESS_LIMITS.weeklyMilesWeeks,
): string[] {
  const last = new Date(`${weekStartOf(today)}T00:00:00Z`).getTime();
  const first = trainingStartDate ? weekStartOf(trainingStartDate) : undefined;
  const result: string[] = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const week = new Date(last - i * 7 * DAY_MS).toISOString().slice(0, 10);
    if (!first || week >= first) result.push(week);
  }
  return result;
}

const toMiles = (meters: number) => Math.round(meters * BUSINESS.metersToMiles * 10) / 10;

/** Miles since the training start date (metres × 0.000621371), average pace per mile, weekly miles. */
export function computeTrainingStats(input: {
  totals: RunTotals;
  weekly: { weekStart: string; distanceMeters: number }[];
  weeks: string[];
  trainingStartDate: string | null;
}): TrainingStats {
  const { totals } = input;
  const exactMiles = totals.distanceMeters * BUSINESS.metersToMiles;
  const byWeek = new Map(input.weekly.map((w) => [w.weekStart, w.distanceMeters]));
  return {
    hasTrainingData: totals.runCount > 0,
    totalMiles: toMiles(totals.distanceMeters),
    averagePace:
      exactMiles > 0 && totals.durationSeconds > 0 ? formatPacePerMile(totals.durationSeconds / exactMiles) : null,
    trainingStartDate: input.trainingStartDate,
    runCount: totals.runCount,
    includesStravaData: totals.stravaRunCount > 0,
    weeklyMiles: input.weeks.map((weekStart) => ({ weekStart, miles: toMiles(byWeek.get(weekStart) ?? 0) })),
  };
}
