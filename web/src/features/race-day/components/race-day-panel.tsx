import {
  addDays,
  formatFinishTime,
  RACE_DAY_LIMITS,
  raisingUntilProblem,
  type ProfileView,
} from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api, ApiRequestError } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';
import { useSendThankYou, useSetRaceResult, useSetRaisingUntil } from '../api/race-day';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && typeof error.body?.message === 'string' ? error.body.message : fallback;

/** `h:mm:ss` (or `h:mm`) typed by the runner, in seconds; NaN when it is not a time. */
export function parseFinishTime(text: string): number {
  const match = /^\s*(\d{1,2}):([0-5]\d)(?::([0-5]\d))?\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/**
 * The dashboard's race day for one page: the result (correct the time, did not finish, undo) and
 * the thank-you to followers and pledgers. The server says when race day has come.
 */
export function RaceDayPanel({ page }: { page: { id: string; name: string; urlSlug: string } }) {
  const profile = useQuery({
    queryKey: ['runner-profile', page.urlSlug, 'race-day'],
    queryFn: () => api.get<{ profile: ProfileView }>(`/api/runner-profile/${encodeURIComponent(page.urlSlug)}`),
  });
  const setResult = useSetRaceResult(page.id);
  const thankYou = useSendThankYou(page.id);
  const result = profile.data?.profile.raceResult ?? null;
  const [time, setTime] = useState('');
  const [timeError, setTimeError] = useState<string>();
  const [message, setMessage] = useState('');
  const [thanksStatus, setThanksStatus] = useState<string>();

  const saveFinish = (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseFinishTime(time);
    if (Number.isNaN(seconds)) {
      setTimeError('Please enter the time as h:mm:ss');
      return;
    }
    setTimeError(undefined);
    setResult.mutate(
      { status: 'finished', finishSeconds: seconds },
      { onError: (err) => setTimeError(messageOf(err, 'The result could not be saved. Please try again.')) },
    );
  };
  const mark = (status: 'did_not_finish' | null) =>
    setResult.mutate(
      { status },
      { onError: (err) => setTimeError(messageOf(err, 'The result could not be saved. Please try again.')) },
    );
  const sendThanks = (event: FormEvent) => {
    event.preventDefault();
    thankYou.mutate(message, {
      onSuccess: ({ recipients }) => {
        setThanksStatus(`Your thank-you is on its way to ${recipients} ${recipients === 1 ? 'person' : 'people'}.`);
        setMessage('');
      },
      onError: (err) => setThanksStatus(messageOf(err, 'Your thank-you could not be sent. Please try again.')),
    });
  };

  return (
    <section
      aria-label={`Race day: ${page.name}`}
      className="flex flex-col gap-5 rounded-xl border border-border bg-white p-5 shadow-card"
    >
      <h3 className="font-semibold">{page.name}</h3>
      <p role="status">
        {result === null
          ? 'No race result yet: a run of 40 km or more on race day records your finish by itself.'
          : result.status === 'finished' && result.finishSeconds !== null
            ? `Finished in ${formatFinishTime(result.finishSeconds)}`
            : 'Did not finish'}
      </p>
      <form onSubmit={saveFinish} noValidate className="flex flex-col gap-3">
        <FormField label="Finish time" hint="h:mm:ss, e.g. 4:12:30" error={timeError}>
          {(control) => (
            <Input {...control} inputMode="numeric" value={time} onChange={(e) => setTime(e.target.value)} />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={setResult.isPending}>
            {result?.status === 'finished' ? 'Correct my time' : 'Save my finish'}
          </Button>
          <Button type="button" variant="outline" disabled={setResult.isPending} onClick={() => mark('did_not_finish')}>
            Did not finish
          </Button>
          {result !== null && (
            <Button type="button" variant="outline" disabled={setResult.isPending} onClick={() => mark(null)}>
              Undo
            </Button>
          )}
        </div>
      </form>
      {profile.data && <RaisingUntilForm profile={profile.data.profile} />}
      <form onSubmit={sendThanks} noValidate className="flex flex-col gap-3">
        <FormField
          label="Thank your supporters"
          hint="Plain text, to your followers and pledgers; once a week at most."
          aside={`${message.length}/${RACE_DAY_LIMITS.thankYouMessage}`}
        >
          {(control) => (
            <Textarea
              {...control}
              value={message}
              maxLength={RACE_DAY_LIMITS.thankYouMessage}
              rows={4}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={thankYou.isPending || message.trim() === ''}>
          Send thank-you
        </Button>
        {thanksStatus && <p role="status">{thanksStatus}</p>}
      </form>
    </section>
  );
}

/** The last day the page says it is still raising and reads its totals: race day to a year after. */
function RaisingUntilForm({ profile }: { profile: ProfileView }) {
  const save = useSetRaisingUntil(profile.id);
  const [day, setDay] = useState(profile.raisingUntil);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const latest = addDays(profile.marathonDate, RACE_DAY_LIMITS.raisingDaysMax);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = day ? raisingUntilProblem(profile.marathonDate, day) : 'Please choose the last day of raising.';
    setError(problem ?? undefined);
    setStatus(undefined);
    if (problem) return;
    save.mutate(day, {
      onSuccess: () => setStatus(`Your page says it is still raising until ${formatCalendarDate(day)}.`),
      onError: (err) => setError(messageOf(err, 'The date could not be saved. Please try again.')),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <FormField
        label="Still raising until"
        hint="Your page says so, and keeps reading your totals, until this day: race day to a year after."
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            min={profile.marathonDate}
            max={latest}
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        )}
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save the date
        </Button>
      </div>
      {status && <p role="status">{status}</p>}
    </form>
  );
}

/** One race-day panel per page whose race day has come (by the calendar here; the server decides). */
export function RaceDayPanels({
  pages,
}: {
  pages: { id: string; name: string; urlSlug: string; marathonDate: string }[] | undefined;
}) {
  const today = new Date().toISOString().slice(0, 10);
  const raced = (pages ?? []).filter((page) => page.marathonDate <= today);
  if (raced.length === 0) return null;
  return (
    <section aria-labelledby="race-day-heading" className="mt-10">
      <h2 id="race-day-heading" className="mb-4 text-xl font-bold text-brand-950">
        Race day
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        {raced.map((page) => (
          <RaceDayPanel key={page.id} page={page} />
        ))}
      </div>
    </section>
  );
}
