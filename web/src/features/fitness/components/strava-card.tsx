import { FITNESS_MESSAGES, type FitnessProfile } from '@runpledge/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PoweredByStrava } from '@/components/strava/powered-by-strava';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { serverReasonOf } from '@/lib/api-error-message';
import { useDisconnectStrava, useSyncStravaNow } from '../api/strava-mutations';
import { FitnessPanel, TRAINING_START_DATE_ID } from './fitness-panel';

/** "3 new activities from Strava", or that the sync goes on in the background. */
function syncedDescription(result: { synced: number; pending?: boolean; message: string }): string {
  if (result.pending) return result.message;
  if (result.synced === 0) return 'Everything is up to date.';
  return `${result.synced} new ${result.synced === 1 ? 'activity' : 'activities'} from Strava.`;
}

const RECONNECT_MESSAGE = 'Please reconnect your Strava account in the Fitness Integration section.';

/** Strava's orange, a shade darker so its white label meets AA contrast (4.96:1; #FC4C02 is 3.4:1). */
function ConnectWithStravaButton({ slug, label = 'Connect with Strava' }: { slug: string; label?: string }) {
  const [connecting, setConnecting] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        setConnecting(true);
        window.location.assign(`/api/strava/auth?profileSlug=${encodeURIComponent(slug)}`);
      }}
      disabled={connecting}
      className="inline-flex h-11 items-center justify-center rounded-md bg-[#CC3D00] px-5 font-semibold text-white shadow-sm hover:bg-[#B83700] disabled:opacity-60"
    >
      {connecting ? 'Connecting…' : label}
    </button>
  );
}

const focusStartDate = () => document.getElementById(TRAINING_START_DATE_ID)?.focus();

export function StravaCard({ slug, userId, fitness }: { slug: string; userId: string; fitness: FitnessProfile }) {
  const { toast } = useToast();
  const sync = useSyncStravaNow();
  const disconnect = useDisconnectStrava();

  const runSync = () =>
    sync.mutate(userId, {
      onSuccess: (result) => {
        if ('synced' in result)
          toast({ title: 'Activities Synced', description: syncedDescription(result), variant: 'success' });
      },
      onError: (error) => {
        const body = error instanceof ApiRequestError ? error.body : undefined;
        if (body?.message === FITNESS_MESSAGES.trainingStartDateFirst) {
          toast({ title: 'Training start date needed', description: body.message, variant: 'destructive' });
          focusStartDate();
        } else if (body?.needsReconnect) {
          toast({
            title: 'Reconnection Required',
            description: typeof body.error === 'string' ? body.error : RECONNECT_MESSAGE,
            variant: 'destructive',
          });
        } else {
          // Spec 8: the server's error where it gives one, as the runner page does.
          toast({
            title: 'Sync Failed',
            description: serverReasonOf(body) ?? 'Failed to sync activities from Strava. Please try again.',
            variant: 'destructive',
          });
        }
      },
    });
  const runDisconnect = () =>
    disconnect.mutate(userId, {
      onSuccess: () =>
        toast({ title: 'Strava Disconnected', description: 'Your Strava activities were removed from your page.' }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to disconnect Strava. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <FitnessPanel title="Strava" action={fitness.stravaConnected ? <PoweredByStrava /> : undefined}>
      {!fitness.stravaConnected ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-muted-foreground">
            Connect Strava and your runs appear on your page as you train: miles trained, average pace and history.
          </p>
          <ConnectWithStravaButton slug={slug} />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {fitness.needsReconnect ? (
            <div role="alert" className="rounded-md border border-danger-700/30 bg-danger-50 p-3 text-danger-800">
              <p className="font-semibold">Reconnection Required</p>
              <p className="text-sm">{RECONNECT_MESSAGE}</p>
            </div>
          ) : !fitness.trainingStartDate ? (
            <p className="text-neutral-700">
              <span className="font-semibold text-success-700">Connected.</span>{' '}
              {FITNESS_MESSAGES.trainingStartDateFirst}
            </p>
          ) : (
            <p className="text-neutral-700">
              <span className="font-semibold text-success-700">Connected.</span>{' '}
              {fitness.lastSyncedAt
                ? `Last synced ${new Date(fitness.lastSyncedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.`
                : 'Your activities are being synced.'}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {fitness.needsReconnect ? (
              <ConnectWithStravaButton slug={slug} label="Reconnect with Strava" />
            ) : !fitness.trainingStartDate ? (
              // Nothing is synced before the start date: no Sync to press, the way to set it instead.
              <Button onClick={focusStartDate}>Set training start date</Button>
            ) : (
              <Button onClick={runSync} disabled={sync.isPending} aria-busy={sync.isPending || undefined}>
                {sync.isPending ? 'Syncing…' : 'Sync now'}
              </Button>
            )}
            <Button variant="outline" onClick={runDisconnect} disabled={disconnect.isPending}>
              {disconnect.isPending ? 'Disconnecting…' : 'Disconnect Strava'}
            </Button>
          </div>
        </div>
      )}
    </FitnessPanel>
  );
}
