import { FITNESS_MESSAGES, type ProfileView } from '@runpledge/contracts';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { useToast } from '@/components/ui/toast-context';
import { useFitnessProfile } from '@/features/fitness';
import { ApiRequestError, type ApiErrorBody } from '@/lib/api-client';
import { useSyncStrava } from '../api/sync-strava';

const SYNC_FAILED_MESSAGE = 'Unable to sync activities. Please try again or reconnect Strava if the issue persists.';
/** What the gateway says for a failure it does not explain (details stay in its log): no reason to show. */
const UNEXPLAINED_FAILURE = 'Internal server error';

/**
 * The server's reason for a failed sync, if it gave one: the `message` of the gateway's error body,
 * or the `error` of a body that is only `{error}` (spec 7's sync errors).
 */
function reasonOf(body: ApiErrorBody | undefined): string | undefined {
  const message = typeof body?.message === 'string' ? body.message.trim() : '';
  if (message) return message === UNEXPLAINED_FAILURE ? undefined : message;
  return body?.statusCode === undefined && typeof body?.error === 'string' && body.error.trim()
    ? body.error.trim()
    : undefined;
}

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
          toast({ title: 'Sync Failed', description: reasonOf(body) ?? SYNC_FAILED_MESSAGE, variant: 'destructive' });
        }
      },
    });

  return (
    <Button variant="outline" size="sm" onClick={run} disabled={sync.isPending} aria-busy={sync.isPending || undefined}>
      {sync.isPending ? 'Syncing…' : 'Sync'}
    </Button>
  );
}
