import { FITNESS_MESSAGES } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useCompleteStravaSetup } from '../api/strava-mutations';
import { localToday } from '../utils/format-activity';
import { FitnessPanel, fieldClass, labelClass } from './fitness-panel';
import { useFormAnalytics } from '@/hooks/use-form-analytics';

/** The step after returning from Strava: training start date (required, not after today) and public consent. */
export function StravaSetupForm({
  userId,
  initialDate,
  initialConsent,
  onDone,
}: {
  userId: string | undefined;
  initialDate: string | null;
  initialConsent: boolean;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const setup = useCompleteStravaSetup();
  const [date, setDate] = useState(initialDate ?? '');
  const [consent, setConsent] = useState(initialConsent);
  const [error, setErrorMessage] = useState<string | null>(null);
  const analytics = useFormAnalytics('strava_setup');
  const today = localToday();
  const setError = (message: string) => {
    setErrorMessage(message);
    analytics.error(message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date) return setError(FITNESS_MESSAGES.trainingStartDateRequired);
    if (date > today) return setError(FITNESS_MESSAGES.trainingStartDateInFuture);
    if (!userId) return setError('Profile information not available');
    setErrorMessage(null);
    setup.mutate(
      { userId, trainingStartDate: date, publicDisplayConsent: consent },
      {
        onSuccess: () => {
          analytics.complete();
          toast({
            title: 'Strava Connected',
            description: 'Your training start date is saved. Your runs are syncing now.',
            variant: 'success',
          });
          onDone();
        },
        onError: () => setError('Failed to complete Strava setup. Please try again.'),
      },
    );
  };

  return (
    <FitnessPanel title="Finish setting up Strava">
      <form {...analytics.formProps} onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <div>
          <label htmlFor="training-start-date" className={labelClass}>
            Training start date
          </label>
          <input
            id="training-start-date"
            type="date"
            max={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="training-start-date-hint"
            className={fieldClass}
          />
          <p id="training-start-date-hint" className="mt-1 text-sm text-muted-foreground">
            Miles and pace on your page count from this day.
          </p>
        </div>
        <label className="flex items-start gap-3 text-sm text-neutral-800">
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            className="mt-1 size-4"
          />
          <span>
            Show my Strava training (miles, pace and runs) to visitors of my page. Without this, only you see your
            Strava data.
          </span>
        </label>
        {error && (
          <p role="alert" className="text-sm font-semibold text-danger-700">
            {error}
          </p>
        )}
        <Button type="submit" disabled={setup.isPending} className="self-start">
          {setup.isPending ? 'Saving…' : 'Complete setup'}
        </Button>
      </form>
    </FitnessPanel>
  );
}
