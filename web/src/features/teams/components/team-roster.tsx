import type { Team, TeamMember } from '@runpledge/contracts';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Section } from '@/components/ui/section';
import { useConfirmAndToast } from '@/hooks/use-confirm-and-toast';
import { useHandOverTeam } from '../api/hand-over-team';
import { membersCsvUrl } from '../api/members-csv';
import { useRemoveMember } from '../api/remove-member';

interface TeamRosterProps {
  team: Team;
  members: TeamMember[];
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** The team's members, a page at a time: the captain removes one or hands the team over. */
export function TeamRoster({ team, members, page, totalPages, onPage }: TeamRosterProps) {
  const remove = useRemoveMember(team.slug);
  const handOver = useHandOverTeam(team.id, team.slug);
  const list = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
  const removing = useConfirmAndToast<TeamMember>({
    action: (member) => remove.mutateAsync({ teamId: team.id, runnerProfileId: member.runnerProfileId }),
    success: (member) => `${member.name} was removed`,
    failure: 'The member could not be removed.',
  });
  const captain = useConfirmAndToast<TeamMember>({
    action: (member) => handOver.mutateAsync(member.runnerProfileId),
    success: (member) => `${member.name} is now the captain`,
    failure: 'The team could not be handed over.',
    onDone: () => void navigate(`/teams/${team.slug}`),
  });
  return (
    <Section
      title="Members"
      action={
        <a href={membersCsvUrl(team.id)} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          Download members CSV
        </a>
      }
    >
      <ul ref={list} tabIndex={-1} className="divide-y divide-border focus:outline-none" aria-label="Team members">
        {members.map((member) => (
          <li key={member.runnerProfileId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="flex flex-wrap items-center gap-2">
              <Link to={`/${member.pageSlug}`} className="font-semibold break-words text-brand-800 hover:underline">
                {member.name}
              </Link>
              {member.isCaptain && <Badge tone="brand">Captain</Badge>}
            </span>
            {!member.isCaptain && (
              <span className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => captain.ask(member)}>
                  Make captain<span className="sr-only"> {member.name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-danger-700 hover:bg-danger-50"
                  onClick={() => removing.ask(member)}
                >
                  Remove<span className="sr-only"> {member.name}</span>
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {totalPages > 1 && (
        <nav aria-label="Member pages" className="mt-4 flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {page} of {totalPages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      <ConfirmDialog
        {...removing.dialog}
        title="Remove this member?"
        description={removing.subject ? `${removing.subject.name} leaves ${team.name}. Their page stays as it is.` : ''}
        confirmLabel="Remove member"
        fallbackFocus={list}
      />
      <ConfirmDialog
        {...captain.dialog}
        title="Hand over the team?"
        description={
          captain.subject
            ? `${captain.subject.name} becomes the captain of ${team.name}. You stay a member and can no longer manage it.`
            : ''
        }
        confirmLabel="Hand over"
        destructive={false}
        fallbackFocus={list}
      />
    </Section>
  );
}
