import { FITNESS_MESSAGES, INVALID_DATE_MESSAGE, pastOrTodayDateSchema } from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useCompleteStravaSetup } from '../api/strava-mutations';
import { localToday } from '../utils/format-activity';
import { FitnessPanel, TRAINING_START_DATE_ID, fieldClass, labelClass } from './fitness-panel';
import { useFormAnalytics } from '@/hooks/use-form-analytics';

const startDateSchema = pastOrTodayDateSchema(FITNESS_MESSAGES.trainingStartDateRequired);

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
  const input = useRef<HTMLInputElement>(null);
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
    // A half-typed date leaves the input empty but "bad": say so rather than "select a date".
    if (input.current?.validity.badInput) return setError(INVALID_DATE_MESSAGE);
    const parsed = startDateSchema.safeParse(date);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? INVALID_DATE_MESSAGE);
    // The API allows the latest "today" on Earth; the form holds to the runner's own.
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
          <label htmlFor={TRAINING_START_DATE_ID} className={labelClass}>
            Training start date
          </label>
          <input
            id={TRAINING_START_DATE_ID}
            ref={input}
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
