import { lazy, Suspense, useEffect, useRef } from 'react';
import type { Activity, ProfileView, TrainingStats } from '@runpledge/contracts';
import { Navigate } from 'react-router';
import { Container } from '@/components/ui/container';
import { DocumentTitle } from '@/components/seo/document-title';
import { MAIN_CONTENT_ID } from '@/components/layouts/skip-link';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api-client';
import { sendPageEvent } from '@/lib/page-events';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useRunHistory } from '../api/get-run-history';
import { useRunnerProfile } from '../api/use-runner-profile';
import { useTrainingStats } from '../api/get-training-stats';
import { FundraisingSection } from './fundraising-section';
import { OwnerEncouragements } from './owner-encouragements';
import { RunnerFooter } from './runner-footer';
import { RunnerHero } from './runner-hero';
import { ReadOnlyActionContext, type ReadOnlyActionHandler } from './read-only-action';
import { OwnerUnpublishedBanner, RunnerNotFound, RunnerPageSkeleton } from './runner-page-states';
import { RunnerTopBar } from './runner-top-bar';
import { Section } from '@/components/ui/section';
import { FinishBanner, FollowForm } from '@/features/race-day';
import { ShareSupport } from './share-support';
import { StorySection } from './story-section';
import { TrainingDataCard } from './training-data-card';
import { TrainingHistory, TrainingStatCards, type TrainingLoad } from './training-section';

// Pledges load apart from the page (their own chunk and request), once the visitor nears them: the
// page's first load stays as it was (with them loading at once, Lighthouse's blocking time on a
// runner page went from about 60 ms to about 300).
const PagePledges = lazy(() => import('@/features/pledges').then((pledges) => ({ default: pledges.PagePledges })));

function PledgesSection({ profile }: { profile: ProfileView }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <Section title={profile.distanceUnit === 'km' ? 'Pledges per km' : 'Pledges per mile'}>
      <div ref={ref}>
        {near ? (
          <Suspense fallback={<Skeleton className="h-32" />}>
            <PagePledges
              runnerProfileId={profile.id}
              runnerName={profile.name}
              unit={profile.distanceUnit}
              currency={profile.fundraisingCurrency ?? 'USD'}
              marathonDate={profile.marathonDate}
            />
          </Suspense>
        ) : (
          <Skeleton className="h-32" />
        )}
      </div>
    </Section>
  );
}

// The follow form (its own chunk) loads once the visitor nears it, as the pledges do.
function FollowSection({ profile }: { profile: ProfileView }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <Section title="Follow the race">
      <div ref={ref}>
        {near ? (
          <Suspense fallback={<Skeleton className="h-24" />}>
            <FollowForm runnerProfileId={profile.id} runnerName={profile.name} />
          </Suspense>
        ) : (
          <Skeleton className="h-24" />
        )}
      </div>
    </Section>
  );
}

/** The public page at /{slug}. Owner controls follow the server's `isOwner`, never the mere sign-in. */
export function RunnerPage({ slug }: { slug: string }) {
  const profile = useRunnerProfile(slug);

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50">
      <RunnerTopBar slug={slug} />
      {profile.isPending ? (
        <>
          {/* The address until the runner's name arrives. */}
          <DocumentTitle title={slug} loading />
          <RunnerPageSkeleton slug={slug} />
        </>
      ) : profile.isError ? (
        <>
          <DocumentTitle title="Runner Not Found" />
          <RunnerNotFound
            slug={slug}
            missing={profile.error instanceof ApiRequestError && profile.error.status === 404}
            onRetry={() => void profile.refetch()}
          />
        </>
      ) : profile.data.urlSlug !== slug.toLowerCase() ? (
        // Found by a former address (the page moved): on to where it lives now.
        <Navigate to={`/${profile.data.urlSlug}`} replace />
      ) : (
        <LiveRunnerPage profile={profile.data} />
      )}
    </div>
  );
}

/** A loaded page: its training figures load beside it, each section showing its own state. */
function LiveRunnerPage({ profile }: { profile: ProfileView }) {
  // Below a phone's first screen: asked once the page has painted, so they do not delay it.
  const painted = useAfterFirstPaint();
  const trainingStats = useTrainingStats(profile.id, painted);
  const runHistory = useRunHistory(profile.id, painted);
  // One view per page opened (owner insights); the owner's own visits are not counted.
  const { id, isOwner, published } = profile;
  useEffect(() => {
    sendPageEvent({ id, isOwner, published }, { type: 'view' });
  }, [id, isOwner, published]);
  return (
    <>
      <DocumentTitle title={`${profile.name} · ${profile.marathonName}`} />
      {profile.isOwner && !profile.published && <OwnerUnpublishedBanner />}
      <RunnerPageView profile={profile} trainingStats={trainingStats} runHistory={runHistory} />
    </>
  );
}

interface RunnerPageViewProps {
  profile: ProfileView;
  trainingStats: TrainingLoad<TrainingStats>;
  runHistory: TrainingLoad<Activity[]>;
  /**
   * Makes the page read-only (the sample at /test-{name}): no owner tools, and Donate Now,
   * Choose This Challenge and Send Encouragement report here instead of donating or sending.
   */
  onReadOnlyAction?: ReadOnlyActionHandler;
}

/** The runner page below the top bar, drawn from the data given: the real page and the sample share it. */
export function RunnerPageView({ profile: given, trainingStats, runHistory, onReadOnlyAction }: RunnerPageViewProps) {
  const profile = onReadOnlyAction ? { ...given, isOwner: false } : given;
  return (
    <ReadOnlyActionContext value={onReadOnlyAction ?? null}>
      <main id={MAIN_CONTENT_ID} className="flex-1">
        <RunnerHero profile={profile} />
        {profile.raceResult && (
          <Container className="pt-6 sm:pt-8">
            <FinishBanner profile={profile} />
          </Container>
        )}
        {/*
          Two columns from lg up; on a phone one column where the fundraising card follows the
          story (the columns become `contents` so `order` can interleave their cards).
        */}
        <Container className="flex flex-col gap-6 py-8 sm:py-10 lg:grid lg:grid-cols-3 lg:items-start">
          <div className="contents lg:col-span-2 lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
            <div className="order-1 min-w-0 lg:order-none">
              <StorySection profile={profile} />
            </div>
            <div className="order-3 min-w-0 lg:order-none">
              <TrainingStatCards profile={profile} stats={trainingStats} />
            </div>
            <div className="order-4 min-w-0 lg:order-none">
              <TrainingHistory profile={profile} history={runHistory} weeks={trainingStats.data?.weeklyMiles ?? []} />
            </div>
            {profile.isOwner && (
              <div className="order-6 min-w-0 lg:order-none">
                <TrainingDataCard slug={profile.urlSlug} />
              </div>
            )}
          </div>
          <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
            <div className="order-2 min-w-0 lg:order-none">
              <FundraisingSection profile={profile} />
            </div>
            {/* Pledges are taken on a live page only (never on the sample). */}
            {profile.published && !onReadOnlyAction && (
              <div className="order-2 min-w-0 lg:order-none">
                <PledgesSection profile={profile} />
              </div>
            )}
            {profile.published && !onReadOnlyAction && !profile.isOwner && (
              <div className="order-5 min-w-0 lg:order-none">
                <FollowSection profile={profile} />
              </div>
            )}
            <div className="order-5 min-w-0 lg:order-none">
              <ShareSupport profile={profile} />
            </div>
            {profile.isOwner && (
              <div className="order-7 min-w-0 lg:order-none">
                <OwnerEncouragements profile={profile} />
              </div>
            )}
          </div>
        </Container>
      </main>
      <RunnerFooter profile={profile} />
    </ReadOnlyActionContext>
  );
}
