import type { Team } from '@runpledge/contracts';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Section } from '@/components/ui/section';
import { useToast } from '@/components/ui/toast-context';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useApproveMember } from '../api/approve-member';
import { useTeam } from '../api/get-team';
import { useRemoveMember } from '../api/remove-member';

/** The requests come with the captain's read of the team (its first page), with `status` `pending`. */
export function TeamJoinRequests({ team }: { team: Team }) {
  const requests = useTeam(team.slug);
  const members = requests.data?.members.filter((m) => m.status === 'pending') ?? [];
  const approve = useApproveMember(team.id, team.slug);
  const remove = useRemoveMember(team.slug);
  const { toast } = useToast();
  const failed = (err: unknown) =>
    toast({ title: apiErrorMessage(err, 'That did not work. Please try again.'), variant: 'destructive' });
  return (
    <Section title="Join requests">
      {team.joinRule === 'open' && members.length === 0 ? (
        <p className="text-muted-foreground">Your team is open: runners join without asking.</p>
      ) : requests.isPending ? (
        <p className="text-muted-foreground">Loading requests…</p>
      ) : requests.isError ? (
        <p role="alert" className="text-danger-700">
          The requests could not be loaded.
        </p>
      ) : members.length === 0 ? (
        <p className="text-muted-foreground">No requests waiting.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Join requests">
          {members.map((member) => (
            <li key={member.runnerProfileId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <Link to={`/${member.pageSlug}`} className="font-semibold break-words text-brand-800 hover:underline">
                {member.name}
              </Link>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  disabled={approve.isPending}
                  onClick={() =>
                    approve.mutate(member.runnerProfileId, {
                      onSuccess: () => toast({ title: `${member.name} joined the team`, variant: 'success' }),
                      onError: failed,
                    })
                  }
                >
                  Approve<span className="sr-only"> {member.name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate({ teamId: team.id, runnerProfileId: member.runnerProfileId }, { onError: failed })
                  }
                >
                  Decline<span className="sr-only"> {member.name}</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
