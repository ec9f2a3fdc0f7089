import { TEAM_SLUG_TAKEN, type Team } from '@runpledge/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Section } from '@/components/ui/section';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useUpdateTeam } from '../api/update-team';
import {
  parseTeamChanges,
  teamFormValuesOf,
  type TeamFormErrors,
  type TeamFormValues,
} from '../utils/team-form-values';
import { TeamForm } from './team-form';

/** The team's details, edited in place; a new address moves the panel to it. */
export function TeamDetails({ team }: { team: Team }) {
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
