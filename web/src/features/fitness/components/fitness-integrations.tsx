import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { useFitnessProfile } from '../api/get-fitness-profile';
import { useRunnerPage } from '../api/get-runner-page';
import { distanceUnitOf } from '../utils/distance-unit';
import { ActivityFileUpload } from './activity-file-upload';
import { ManualRunForm } from './manual-run-form';
import { RecentActivities } from './recent-activities';
import { StravaCard } from './strava-card';
import { StravaSetupForm } from './strava-setup-form';

/** `/{slug}/fitness` below its heading: the runner connects Strava, sets the training start date, syncs and adds runs. */
export function FitnessIntegrations({ slug }: { slug: string }) {
  const [params, setParams] = useSearchParams();
  const returnedFromStrava = params.get('strava_connected') === 'true';
  const page = useRunnerPage(slug);
  const fitness = useFitnessProfile(page.data?.id);
  const { toast } = useToast();
  const warned = useRef(false);

  useEffect(() => {
    if (page.isError && !warned.current) {
      warned.current = true;
      const missing = page.error instanceof ApiRequestError && page.error.status === 404;
      toast({
        title: 'Error',
        description: missing ? 'Profile information not available' : 'Failed to load profile information',
        variant: 'destructive',
      });
    }
  }, [page.isError, page.error, toast]);

  const finishSetup = () => setParams((p) => (p.delete('strava_connected'), p), { replace: true });
  const setupNeeded = fitness.data?.stravaConnected && (returnedFromStrava || !fitness.data.trainingStartDate);

  return (
    <div className="mt-8 flex max-w-3xl flex-col gap-6">
      {page.isPending ? (
        <p className="text-muted-foreground">Loading…</p>
      ) : page.isError ? (
        <p role="alert" className="text-danger-700">
          {page.error instanceof ApiRequestError && page.error.status === 404
            ? 'Profile information not available'
            : 'Failed to load profile information'}
        </p>
      ) : !page.data.isOwner || !page.data.userId ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-neutral-700">Only the runner of this page can manage its training data.</p>
          <LinkButton to={`/login?redirect=${encodeURIComponent(`/${slug}/fitness`)}`} variant="outline">
            Sign in
          </LinkButton>
        </div>
      ) : (
        <>
          {fitness.data && <StravaCard slug={slug} userId={page.data.userId} fitness={fitness.data} />}
          {setupNeeded && (
            <StravaSetupForm
              userId={page.data.userId}
              initialDate={fitness.data?.trainingStartDate ?? null}
              initialConsent={fitness.data?.publicDisplayConsent ?? false}
              onDone={finishSetup}
            />
          )}
          <RecentActivities unit={distanceUnitOf(page.data)} />
          <ActivityFileUpload />
          <ManualRunForm unit={distanceUnitOf(page.data)} />
          <LinkButton to={`/${slug}`} variant="ghost" className="self-start">
            Back to your page
          </LinkButton>
        </>
      )}
    </div>
  );
}
