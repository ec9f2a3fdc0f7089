import type { ProfileView } from '@runpledge/contracts';
import { Container } from '@/components/ui/container';
import { DocumentTitle } from '@/components/seo/document-title';
import { ApiRequestError } from '@/lib/api-client';
import { useRunnerProfile } from '../api/get-runner-profile';
import { useViewer } from '../hooks/use-viewer';
import { FundraisingSection } from './fundraising-section';
import { OwnerEncouragements } from './owner-encouragements';
import { RunnerFooter } from './runner-footer';
import { RunnerHero } from './runner-hero';
import { OwnerUnpublishedBanner, RunnerNotFound, RunnerPageSkeleton, UnpublishedNotice } from './runner-page-states';
import { RunnerTopBar } from './runner-top-bar';
import { ShareSupport } from './share-support';
import { StorySection } from './story-section';
import { TrainingDataCard } from './training-data-card';
import { TrainingHistory, TrainingStatCards } from './training-section';

/** The public page at /{slug}. Owner controls follow the server's `isOwner`, never the mere sign-in. */
export function RunnerPage({ slug }: { slug: string }) {
  const viewer = useViewer();
  const profile = useRunnerProfile(slug);

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50">
      <RunnerTopBar slug={slug} viewer={viewer} />
      {profile.isPending ? (
        <>
          {/* The address until the runner's name arrives. */}
          <DocumentTitle title={slug} />
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
      ) : !profile.data.published && !profile.data.isOwner ? (
        <>
          <DocumentTitle title={profile.data.name} />
          <UnpublishedNotice profile={profile.data} />
        </>
      ) : (
        <RunnerPageContent profile={profile.data} />
      )}
    </div>
  );
}

function RunnerPageContent({ profile }: { profile: ProfileView }) {
  return (
    <>
      <DocumentTitle title={`${profile.name} · ${profile.marathonName}`} />
      {profile.isOwner && !profile.published && <OwnerUnpublishedBanner />}
      <main className="flex-1">
        <RunnerHero profile={profile} />
        <Container className="grid gap-6 py-8 sm:py-10 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <StorySection profile={profile} />
            <TrainingStatCards profile={profile} />
            <TrainingHistory profile={profile} />
            {profile.isOwner && <TrainingDataCard slug={profile.urlSlug} />}
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <FundraisingSection profile={profile} />
            <ShareSupport profile={profile} />
            {profile.isOwner && <OwnerEncouragements profile={profile} />}
          </div>
        </Container>
      </main>
      <RunnerFooter profile={profile} />
    </>
  );
}
