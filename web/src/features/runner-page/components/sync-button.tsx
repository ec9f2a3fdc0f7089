import { FITNESS_MESSAGES, type ProfileView } from '@runpledge/contracts';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { useToast } from '@/components/ui/toast-context';
import { useFitnessProfile } from '@/features/fitness';
import { ApiRequestError } from '@/lib/api-client';
import { serverReasonOf } from '@/lib/api-error-message';
import { useSyncStrava } from '../api/sync-strava';

const SYNC_FAILED_MESSAGE = 'Unable to sync activities. Please try again or reconnect Strava if the issue persists.';

/**
 * The owner's manual Strava sync, with the spec's messages. Sync is offered only when it can run:
 * without a Strava connection the owner is offered Connect, before a training start date the way
 * to set it (both on /{slug}/fitness).
 */
export default function SyncButton({ profile }: { profile: ProfileView }) {
  const { toast } = useToast();
  const sync = useSyncStrava(profile.id, profile.userId);
  const fitness = useFitnessProfile(profile.id).data;
  const fitnessPage = `/${profile.urlSlug}/fitness`;

  if (fitness && !fitness.stravaConnected) {
    return (
      <LinkButton to={fitnessPage} variant="outline" size="sm">
        Connect Strava
      </LinkButton>
    );
  }
  if (fitness && !fitness.needsReconnect && !fitness.trainingStartDate) {
    return (
      <LinkButton to={fitnessPage} variant="outline" size="sm">
        Set training start date
      </LinkButton>
    );
  }

  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (result) =>
        toast({ title: FITNESS_MESSAGES.activitiesSynced, description: result.message, variant: 'success' }),
      onError: (error) => {
        const body = error instanceof ApiRequestError ? error.body : undefined;
        // A revoked token answers {error, needsReconnect}; other failures carry the gateway's generic body.
        const serverError = typeof body?.error === 'string' ? body.error : undefined;
        if (body?.message === FITNESS_MESSAGES.trainingStartDateFirst) {
          toast({ title: 'Training start date needed', description: body.message, variant: 'destructive' });
        } else if (body?.needsReconnect) {
          toast({
            title: 'Reconnection Required',
            description: serverError ?? FITNESS_MESSAGES.reconnectRequired,
            variant: 'destructive',
          });
        } else {
          // Spec 8: the server's error where it gives one.
          toast({
            title: 'Sync Failed',
            description: serverReasonOf(body) ?? SYNC_FAILED_MESSAGE,
            variant: 'destructive',
          });
        }
      },
    });

  return (
    <Button variant="outline" size="sm" onClick={run} disabled={sync.isPending} aria-busy={sync.isPending || undefined}>
      {sync.isPending ? 'Syncing…' : 'Sync'}
    </Button>
  );
}
