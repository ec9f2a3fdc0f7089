import { TEAM_ONLY_CAPTAIN, TEAM_SLUG_TAKEN, type Team, type TeamMember } from '@runpledge/contracts';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LinkButton } from '@/components/ui/link-button';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { useApproveMember } from '../api/approve-member';
import { useDeleteTeam } from '../api/delete-team';
import { useTeam } from '../api/get-team';
import { useHandOverTeam } from '../api/hand-over-team';
import { membersCsvUrl } from '../api/members-csv';
import { useRemoveMember } from '../api/remove-member';
import { useRotateTeamInvite, useTeamInvite } from '../api/team-invite';
import { useUpdateTeam } from '../api/update-team';
import { apiErrorMessage } from '@/lib/api-error-message';
import {
  parseTeamChanges,
  teamFormValuesOf,
  type TeamFormErrors,
  type TeamFormValues,
} from '../utils/team-form-values';
import { TeamNotFound } from './team-page';
import { TeamForm } from './team-form';
import { Section } from '@/components/ui/section';

/** The captain's panel at /teams/{slug}/manage. */
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
      <JoinRequests team={current} />
      <InviteLink team={current} />
      <TeamRoster
        team={current}
        members={members.filter((m) => m.status === 'member')}
        page={page}
        totalPages={totalPages}
        onPage={setPage}
      />
      <EditTeam team={current} />
      <DangerZone team={current} />
    </div>
  );
}

/** The requests come with the captain's read of the team (its first page), with `status` `pending`. */
function JoinRequests({ team }: { team: Team }) {
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

function InviteLink({ team }: { team: Team }) {
  const invite = useTeamInvite(team.id);
  const rotate = useRotateTeamInvite(team.id);
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Invite link copied', description: url, variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };
  return (
    <Section title="Invite link">
      <p className="text-muted-foreground">Runners who open this link join at once, even when you approve requests.</p>
      {invite.isPending ? (
        <p className="mt-3 text-muted-foreground">Loading…</p>
      ) : invite.isError ? (
        <p role="alert" className="mt-3 text-danger-700">
          The invite link could not be loaded.
        </p>
      ) : (
        <>
          <p className="mt-3 rounded-md bg-neutral-100 p-3 font-mono text-sm break-all" data-testid="invite-url">
            {invite.data.url}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy(invite.data.url)}>
              Copy invite link
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              New link
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make a new invite link?"
        description="The current link stops working. Runners who already joined stay in the team."
        confirmLabel="Make a new link"
        destructive={false}
        onConfirm={async () => {
          try {
            await rotate.mutateAsync();
            toast({ title: 'New invite link ready', variant: 'success' });
            setConfirming(false);
          } catch (err) {
            toast({ title: apiErrorMessage(err, 'The link could not be changed.'), variant: 'destructive' });
          }
        }}
      />
    </Section>
  );
}

interface RosterProps {
  team: Team;
  members: TeamMember[];
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

function TeamRoster({ team, members, page, totalPages, onPage }: RosterProps) {
  const remove = useRemoveMember(team.slug);
  const handOver = useHandOverTeam(team.id, team.slug);
  const { toast } = useToast();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [captain, setCaptain] = useState<TeamMember | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
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
                <Button size="sm" variant="outline" onClick={() => setCaptain(member)}>
                  Make captain<span className="sr-only"> {member.name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-danger-700 hover:bg-danger-50"
                  onClick={() => setRemoving(member)}
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
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this member?"
        description={removing ? `${removing.name} leaves ${team.name}. Their page stays as it is.` : ''}
        confirmLabel="Remove member"
        fallbackFocus={list}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync({ teamId: team.id, runnerProfileId: removing.runnerProfileId });
            toast({ title: `${removing.name} was removed`, variant: 'success' });
            setRemoving(null);
          } catch (err) {
            toast({ title: apiErrorMessage(err, 'The member could not be removed.'), variant: 'destructive' });
          }
        }}
      />
      <ConfirmDialog
        open={captain !== null}
        onOpenChange={(open) => !open && setCaptain(null)}
        title="Hand over the team?"
        description={
          captain
            ? `${captain.name} becomes the captain of ${team.name}. You stay a member and can no longer manage it.`
            : ''
        }
        confirmLabel="Hand over"
        destructive={false}
        fallbackFocus={list}
        onConfirm={async () => {
          if (!captain) return;
          try {
            await handOver.mutateAsync(captain.runnerProfileId);
            toast({ title: `${captain.name} is now the captain`, variant: 'success' });
            setCaptain(null);
            void navigate(`/teams/${team.slug}`);
          } catch (err) {
            toast({ title: apiErrorMessage(err, 'The team could not be handed over.'), variant: 'destructive' });
          }
        }}
      />
    </Section>
  );
}

function EditTeam({ team }: { team: Team }) {
  const update = useUpdateTeam(team.id, team.slug);
  const navigate = useNavigate();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<TeamFormErrors>({});
  const [formError, setFormError] = useState<string>();

  const submit = (values: TeamFormValues) => {
    setFormError(undefined);
    const parsed = parseTeamChanges(values);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    update.mutate(parsed.data, {
      onSuccess: ({ team: saved }) => {
        toast({ title: 'Team details saved', variant: 'success' });
        setEditing(false);
        if (saved.slug !== team.slug) void navigate(`/teams/${saved.slug}/manage`, { replace: true });
      },
      onError: (err) => {
        const message = apiErrorMessage(err, 'The team could not be saved. Please try again.');
        if (err instanceof ApiRequestError && err.status === 409 && message === TEAM_SLUG_TAKEN)
          setErrors({ slug: message });
        else setFormError(message);
      },
    });
  };

  return (
    <Section
      title="Team details"
      action={
        !editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        )
      }
    >
      {editing ? (
        <TeamForm
          initial={teamFormValuesOf(team)}
          errors={errors}
          formError={formError}
          submitLabel="Save"
          pending={update.isPending}
          onSubmit={submit}
          onCancel={() => {
            setErrors({});
            setEditing(false);
          }}
        />
      ) : (
        <p className="text-muted-foreground">
          {team.charityName} · {team.marathonName} · {team.joinRule === 'open' ? 'Open to join' : 'Join by approval'}
        </p>
      )}
    </Section>
  );
}

function DangerZone({ team }: { team: Team }) {
  const remove = useDeleteTeam(team.id, team.slug);
  const navigate = useNavigate();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title="Delete the team">
      <p className="text-muted-foreground">The team page goes away; every member’s own page stays.</p>
      <Button variant="outline" className="mt-4 text-danger-700" onClick={() => setConfirming(true)}>
        Delete team
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this team?"
        description={`This cannot be undone. ${team.name} and its page at /teams/${team.slug} are removed; members keep their pages.`}
        confirmLabel="Delete team"
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
            toast({ title: `${team.name} was deleted`, variant: 'success' });
            setConfirming(false);
            void navigate('/dashboard', { replace: true });
          } catch (err) {
            toast({ title: apiErrorMessage(err, 'The team could not be deleted.'), variant: 'destructive' });
          }
        }}
      />
    </Section>
  );
}
