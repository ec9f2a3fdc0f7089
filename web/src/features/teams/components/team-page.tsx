import { TEAM_RANKINGS, theMarathon, type Team, type TeamRanking } from '@runpledge/contracts';
import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { LinkButton } from '@/components/ui/link-button';
import { NotFoundNotice } from '@/components/ui/not-found-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ShareButtons } from '@/features/runner-page';
import { ApiRequestError } from '@/lib/api-client';
import { useTeam } from '../api/get-team';
import { JoinTeam } from './join-team';
import { TeamHero } from './team-hero';
import { TeamMembers } from './team-members';
import { TeamProgress } from './team-progress';
import { Section } from '@/components/ui/section';

function rankingOf(value: string | null): TeamRanking {
  return (TEAM_RANKINGS as readonly string[]).includes(value ?? '') ? (value as TeamRanking) : 'raised';
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The public page at /teams/{slug}: ranking and member page live in the address, so back and reload keep them. */
export function TeamPage({ slug }: { slug: string }) {
  const [params, setParams] = useSearchParams();
  const by = rankingOf(params.get('by'));
  const page = pageOf(params.get('page'));
  const invite = params.get('invite')?.trim() || undefined;
  const team = useTeam(slug, by, page);

  const setView = (next: { by?: TeamRanking; page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextBy = next.by ?? by;
        const nextPage = next.page ?? (next.by ? 1 : page);
        if (nextBy === 'raised') updated.delete('by');
        else updated.set('by', nextBy);
        if (nextPage === 1) updated.delete('page');
        else updated.set('page', String(nextPage));
        return updated;
      },
      { preventScrollReset: true },
    );

  return (
    <PageLayout>
      {team.isPending ? (
        <>
          <DocumentTitle title={slug} loading />
          <TeamPageSkeleton />
        </>
      ) : team.isError && !team.data ? (
        <>
          <DocumentTitle title="Team not found" />
          <TeamNotFound
            missing={team.error instanceof ApiRequestError && team.error.status === 404}
            onRetry={() => void team.refetch()}
          />
        </>
      ) : (
        <>
          <DocumentTitle title={`${team.data.team.name} · ${team.data.team.marathonName}`} />
          <TeamHero team={team.data.team} />
          {/*
            Two columns from lg up; on a phone one column where the progress comes first and joining
            follows the story (the columns become `contents` so `order` can interleave their cards).
          */}
          <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-3 lg:items-start">
            <div className="contents lg:col-span-2 lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
              {team.data.team.story && (
                <div className="order-2 min-w-0 lg:order-none">
                  <Section title="Our story">
                    <p className="break-words whitespace-pre-line text-neutral-800">{team.data.team.story}</p>
                  </Section>
                </div>
              )}
              <div className="order-4 min-w-0 lg:order-none">
                <TeamMembers
                  members={team.data.members.filter((m) => m.status === 'member')}
                  memberCount={team.data.team.memberCount}
                  by={by}
                  page={Math.min(page, team.data.totalPages)}
                  totalPages={team.data.totalPages}
                  loading={team.isPlaceholderData}
                  onRank={(next) => setView({ by: next })}
                  onPage={(next) => setView({ page: next })}
                />
              </div>
            </div>
            <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
              <div className="order-1 min-w-0 lg:order-none">
                <TeamProgress team={team.data.team} />
              </div>
              {team.data.team.isCaptain && (
                <div className="order-3 min-w-0 lg:order-none">
                  <Section title="You are the captain">
                    <LinkButton to={`/teams/${team.data.team.slug}/manage`} className="w-full">
                      Manage team
                    </LinkButton>
                  </Section>
                </div>
              )}
              <div className="order-3 min-w-0 lg:order-none">
                <JoinTeam team={team.data.team} inviteCode={invite} />
              </div>
              <div className="order-5 min-w-0 lg:order-none">
                <TeamShare team={team.data.team} />
              </div>
            </div>
          </div>
        </>
      )}
    </PageLayout>
  );
}

function TeamShare({ team }: { team: Team }) {
  const url = `${window.location.origin}/teams/${team.slug}`;
  const text = `Support ${team.name} running ${theMarathon(team.marathonName)} for ${team.charityName}`;
  return (
    <Section title="Share">
      <p className="text-muted-foreground">Every share brings {team.name} closer to the goal.</p>
      <div className="mt-4 flex flex-col gap-3">
        <ShareButtons url={url} text={text} />
      </div>
    </Section>
  );
}

function TeamPageSkeleton() {
  return (
    <div role="status" aria-label="Loading team page">
      <div className="flex flex-col gap-4 rounded-2xl bg-brand-900 p-6 sm:p-10">
        <Skeleton className="h-10 w-2/3 bg-white/15 sm:h-12" />
        <Skeleton className="h-6 w-1/2 bg-white/15" />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 w-full rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    </div>
  );
}

/** 'Team not found' for an unknown or deleted team; 'try again' when it could not be loaded. */
export function TeamNotFound({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  return (
    <div className="py-8 sm:py-16">
      <NotFoundNotice title="Team not found" missing={missing} onRetry={onRetry}>
        <p className="mt-3 text-muted-foreground">
          {missing
            ? 'There is no team at this address. It may have been closed, or the address has a typo.'
            : 'This team could not be loaded right now. Please try again.'}
        </p>
      </NotFoundNotice>
    </div>
  );
}
