import type { ProfileSummary } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-context';
import { runnerProfileKey } from '@/features/runner-page';
import { pageTeamQuery } from '../api/get-page-team';
import { useAuth } from '@/lib/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useTeam } from '../api/get-team';
import { useRemoveMember } from '../api/remove-member';
import { apiErrorMessage } from '@/lib/api-error-message';

/** A dashboard card's line: the team the page is in, with Manage (its captain) or Leave. */
export function PageTeam({ profile }: { profile: ProfileSummary }) {
  const { user } = useAuth();
  const view = useQuery(pageTeamQuery(profile.urlSlug, user?.id));
  const team = view.data;
  if (!team) return null;
  return <PageTeamLine profile={profile} team={team} />;
}

function PageTeamLine({ profile, team }: { profile: ProfileSummary; team: { slug: string; name: string } }) {
  const details = useTeam(team.slug);
  const leave = useRemoveMember(team.slug);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const captainPage = details.data?.team.captain?.pageSlug === profile.urlSlug;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p>
        Team:{' '}
        <Link to={`/teams/${team.slug}`} className="font-semibold text-brand-800 underline underline-offset-2">
          {team.name}
        </Link>
        {captainPage && ' (captain)'}
      </p>
      {details.data &&
        (captainPage ? (
          <Link to={`/teams/${team.slug}/manage`} className="font-semibold text-brand-800 underline underline-offset-2">
            Manage team<span className="sr-only"> {team.name}</span>
          </Link>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            Leave team
            <span className="sr-only">
              {' '}
              {team.name} with {profile.name}
            </span>
          </Button>
        ))}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Leave this team?"
        description={`${profile.name} leaves ${team.name}. Your page and its totals stay as they are.`}
        confirmLabel="Leave team"
        onConfirm={async () => {
          if (!details.data) return;
          try {
            await leave.mutateAsync({ teamId: details.data.team.id, runnerProfileId: profile.id });
            await queryClient.invalidateQueries({ queryKey: runnerProfileKey(profile.urlSlug) });
            toast({ title: `${profile.name} left ${team.name}`, variant: 'success' });
            setConfirming(false);
          } catch (err) {
            toast({
              title: apiErrorMessage(err, 'Could not leave the team. Please try again.'),
              variant: 'destructive',
            });
          }
        }}
      />
    </div>
  );
}
