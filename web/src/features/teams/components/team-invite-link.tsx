import type { Team } from '@runpledge/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Section } from '@/components/ui/section';
import { useToast } from '@/components/ui/toast-context';
import { useConfirmAndToast } from '@/hooks/use-confirm-and-toast';
import { useRotateTeamInvite, useTeamInvite } from '../api/team-invite';

/** The team's invite link: copied, or replaced by a new one (the old stops working). */
export function TeamInviteLink({ team }: { team: Team }) {
  const invite = useTeamInvite(team.id);
  const rotate = useRotateTeamInvite(team.id);
  const { toast } = useToast();
  const newLink = useConfirmAndToast<true>({
    action: () => rotate.mutateAsync(),
    success: () => 'New invite link ready',
    failure: 'The link could not be changed.',
  });
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
            <Button size="sm" variant="outline" onClick={() => newLink.ask(true)}>
              New link
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        {...newLink.dialog}
        title="Make a new invite link?"
        description="The current link stops working. Runners who already joined stay in the team."
        confirmLabel="Make a new link"
        destructive={false}
      />
    </Section>
  );
}
