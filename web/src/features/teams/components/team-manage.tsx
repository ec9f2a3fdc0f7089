import { TEAM_ONLY_CAPTAIN } from '@runpledge/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { ApiRequestError } from '@/lib/api-client';
import { useTeam } from '../api/get-team';
import { TeamDelete } from './team-delete';
import { TeamDetails } from './team-details';
import { TeamInviteLink } from './team-invite-link';
import { TeamJoinRequests } from './team-join-requests';
import { TeamNotFound } from './team-page';
import { TeamRoster } from './team-roster';

/** The captain's panel at /teams/{slug}/manage: one section a file beside it. */
export function TeamManage({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const team = useTeam(slug, 'raised', page);
  if (team.isPending) return <p className="text-muted-foreground">Loading the team…</p>;
  if (team.isError && !team.data) {
    return (
      <TeamNotFound
        missing={team.error instanceof ApiRequestError && team.error.status === 404}
        onRetry={() => void team.refetch()}
      />
    );
  }
  const { team: current, members, totalPages } = team.data;
  if (!current.isCaptain) {
    return (
      <div role="alert" className="flex flex-col items-start gap-4">
        <p className="font-semibold">{TEAM_ONLY_CAPTAIN}.</p>
        <LinkButton to={`/teams/${current.slug}`} variant="outline">
          Back to the team page
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={`/teams/${current.slug}`} className="font-semibold text-brand-800 underline underline-offset-2">
          View the team page
        </Link>
      </p>
      <TeamJoinRequests team={current} />
      <TeamInviteLink team={current} />
      <TeamRoster
        team={current}
        members={members.filter((m) => m.status === 'member')}
        page={page}
        totalPages={totalPages}
        onPage={setPage}
      />
      <TeamDetails team={current} />
      <TeamDelete team={current} />
    </div>
  );
}
