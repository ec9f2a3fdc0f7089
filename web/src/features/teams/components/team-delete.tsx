import type { Team } from '@runpledge/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Section } from '@/components/ui/section';
import { useConfirmAndToast } from '@/hooks/use-confirm-and-toast';
import { useDeleteTeam } from '../api/delete-team';

/** Deleting the team: its page goes, every member's own page stays. */
export function TeamDelete({ team }: { team: Team }) {
  const remove = useDeleteTeam(team.id, team.slug);
  const navigate = useNavigate();
  const deleting = useConfirmAndToast<true>({
    action: () => remove.mutateAsync(),
    success: () => `${team.name} was deleted`,
    failure: 'The team could not be deleted.',
    onDone: () => void navigate('/dashboard', { replace: true }),
  });
  return (
    <Section title="Delete the team">
      <p className="text-muted-foreground">The team page goes away; every member’s own page stays.</p>
      <Button variant="outline" className="mt-4 text-danger-700" onClick={() => deleting.ask(true)}>
        Delete team
      </Button>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete this team?"
        description={`This cannot be undone. ${team.name} and its page at /teams/${team.slug} are removed; members keep their pages.`}
        confirmLabel="Delete team"
      />
    </Section>
  );
}
