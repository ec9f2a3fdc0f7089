import { TEAM_SLUG_TAKEN } from '@runpledge/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { useToast } from '@/components/ui/toast-context';
import { useRecentProfiles } from '@/features/dashboard';
import { ApiRequestError } from '@/lib/api-client';
import { useCreateTeam } from '../api/create-team';
import { apiErrorMessage } from '@/lib/api-error-message';
import { EMPTY_TEAM_FORM, parseNewTeam, type TeamFormErrors, type TeamFormValues } from '../utils/team-form-values';
import { TeamForm } from './team-form';

/** "Start a team": the form, then the new team's page (replacing the form in the history, so back does not resubmit). */
export function NewTeam() {
  const pages = useRecentProfiles();
  const create = useCreateTeam();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [errors, setErrors] = useState<TeamFormErrors>({});
  const [formError, setFormError] = useState<string>();

  if (pages.isPending) return <p className="text-muted-foreground">Loading your pages…</p>;
  if (pages.isError) {
    return (
      <p role="alert" className="text-danger-700">
        Your pages could not be loaded. Please try again.
      </p>
    );
  }
  if (pages.data.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p>A team is made of runners’ pages: create your own page first, then start the team with it.</p>
        <LinkButton to="/signup">Create your page</LinkButton>
      </div>
    );
  }

  const initial: TeamFormValues = {
    ...EMPTY_TEAM_FORM,
    captainProfileId: pages.data.length === 1 ? pages.data[0]!.id : '',
    currency: pages.data.length === 1 ? pages.data[0]!.fundraisingCurrency : EMPTY_TEAM_FORM.currency,
  };

  const submit = (values: TeamFormValues) => {
    setFormError(undefined);
    const parsed = parseNewTeam(values);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    create.mutate(parsed.data, {
      onSuccess: ({ team }) => {
        toast({
          title: `${team.name} is ready`,
          description: 'Share its address with your runners.',
          variant: 'success',
        });
        void navigate(`/teams/${team.slug}`, { replace: true });
      },
      onError: (err) => {
        const message = apiErrorMessage(err, 'The team could not be created. Please try again.');
        if (err instanceof ApiRequestError && err.status === 409 && message === TEAM_SLUG_TAKEN)
          setErrors({ slug: message });
        else setFormError(message);
      },
    });
  };

  return (
    <TeamForm
      initial={initial}
      captainPages={pages.data}
      errors={errors}
      formError={formError}
      submitLabel="Start the team"
      pending={create.isPending}
      onSubmit={submit}
    />
  );
}
