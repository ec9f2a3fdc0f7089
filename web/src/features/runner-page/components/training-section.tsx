import {
  ACTIVITY_SOURCE_LABELS,
  BUSINESS,
  type Activity,
  type ProfileView,
  type TrainingStats,
} from '@runpledge/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PoweredByStrava, ViewOnStravaLink } from '@/components/strava/powered-by-strava';
import { WeeklyMilesChart } from '@/components/strava/weekly-miles-chart';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCalendarDate } from '@/lib/dates';
import { formatDuration, formatGoalTime, metersToMiles, pacePerMile } from '../utils/training';
import { Section } from '@/components/ui/section';

const TBD = 'TBD';

// Owner only, and it brings the fitness contracts (with zod): visitors never download it.
const SyncButton = lazy(() => import('./sync-button'));

/** What the training cards need of a load (a query's result, or fixed sample data). */
export interface TrainingLoad<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Miles Trained, Goal Time and Average Pace. */
export function TrainingStatCards({ profile, stats }: { profile: ProfileView; stats: TrainingLoad<TrainingStats> }) {
  const data = stats.data;
  const miles = data?.hasTrainingData ? data.totalMiles : null;
  const goalTime = formatGoalTime(profile.goalHours, profile.goalMinutes);

  return (
    <section aria-label="Training stats">
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <StatCard label="Miles Trained" loading={stats.isPending}>
          {miles === null ? TBD : miles.toFixed(1)}
          {miles !== null && (
            <>
              <ProgressBar
                tone="brand"
                percent={(miles / BUSINESS.trainingMilesGoal) * 100}
                label={`Miles trained toward the ${BUSINESS.trainingMilesGoal}-mile goal`}
                className="mt-2 h-2"
              />
              <p className="mt-1 text-xs font-normal text-muted-foreground">of {BUSINESS.trainingMilesGoal} mi goal</p>
            </>
          )}
        </StatCard>
        <StatCard label="Goal Time">{goalTime ?? TBD}</StatCard>
        <StatCard label="Average Pace" loading={stats.isPending}>
          {data?.averagePace ?? TBD}
        </StatCard>
      </div>
      {/* Strava's brand rules: figures made from its data say so. */}
      {data?.includesStravaData && <PoweredByStrava className="mt-2 text-right" />}
    </section>
  );
}

function StatCard({ label, loading = false, children }: { label: string; loading?: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-border bg-white p-3 shadow-card sm:p-5">
      <p className="text-xs font-semibold text-muted-foreground sm:text-sm">{label}</p>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-20" />
      ) : (
        <div className="mt-1 text-lg font-bold text-brand-900 tabular-nums sm:text-2xl" data-testid={`stat-${label}`}>
          {children}
        </div>
      )}
    </div>
  );
}

/** The runner's runs, 5 a page, newest first; the owner can sync from Strava. */
export function TrainingHistory({
  profile,
  history,
  weeks,
}: {
  profile: ProfileView;
  history: TrainingLoad<Activity[]>;
  weeks: TrainingStats['weeklyMiles'];
}) {
  const [page, setPage] = useState(0);
  const runs = history.data ?? [];
  const pageCount = Math.max(1, Math.ceil(runs.length / BUSINESS.historyPageSize));
  const current = Math.min(page, pageCount - 1);
  const shown = runs.slice(current * BUSINESS.historyPageSize, (current + 1) * BUSINESS.historyPageSize);

  return (
    <Section
      title="Training History"
      action={
        profile.isOwner ? (
          <Suspense fallback={null}>
            <SyncButton profile={profile} />
          </Suspense>
        ) : undefined
      }
    >
      {history.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : history.isError ? (
        <p className="text-muted-foreground">
          Training history isn&apos;t available right now. Please check back later.
        </p>
      ) : runs.length === 0 ? (
        <p className="text-muted-foreground">
          {profile.isOwner
            ? 'No runs yet. Connect Strava from Training Data, then sync to show your runs here.'
            : 'No training runs yet. Check back as race day gets closer.'}
        </p>
      ) : (
        <>
          {weeks.some((week) => week.miles > 0) && <WeeklyMilesChart weeks={weeks} />}
          <ul className="mt-2 divide-y divide-border" aria-label="Runs">
            {shown.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </ul>
          {pageCount > 1 && (
            <nav aria-label="Training history pages" className="mt-4 flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" onClick={() => setPage(current - 1)} disabled={current === 0}>
                Previous
              </Button>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Page {current + 1} of {pageCount}
              </p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage(current + 1)}
                disabled={current >= pageCount - 1}
              >
                Next
              </Button>
            </nav>
          )}
          {runs.some((run) => run.source === 'strava') && <PoweredByStrava className="mt-4" />}
        </>
      )}
    </Section>
  );
}

function RunRow({ run }: { run: Activity }) {
  const pace = pacePerMile(run.distanceMeters, run.durationSeconds);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-neutral-900">{run.name}</p>
        <p className="text-sm text-muted-foreground">
          {formatCalendarDate(run.startDate, 'medium')} · {ACTIVITY_SOURCE_LABELS[run.source]}
        </p>
      </div>
      <p className="text-sm text-neutral-700 tabular-nums">
        <span className="font-semibold text-brand-800">{metersToMiles(run.distanceMeters).toFixed(2)} mi</span>
        {' · '}
        {formatDuration(run.durationSeconds)}
        {pace && ` · ${pace}`}
      </p>
      {run.externalUrl && <ViewOnStravaLink href={run.externalUrl} className="basis-full" />}
    </li>
  );
}
