import { formatFinishTime, type ProfileView } from '@runpledge/contracts';

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** After the race: the finish with its time (or did not finish), and the last day the page raises. */
export function FinishBanner({ profile }: { profile: ProfileView }) {
  const result = profile.raceResult;
  if (!result) return null;
  return (
    <section
      aria-label="Race result"
      className="rounded-lg border border-primary/30 bg-primary/5 p-4 text-center sm:p-6"
    >
      {result.status === 'finished' && result.finishSeconds !== null ? (
        <p className="text-lg font-semibold sm:text-xl">
          {profile.name} finished {profile.marathonName} in{' '}
          <span className="tabular-nums">{formatFinishTime(result.finishSeconds)}</span>
        </p>
      ) : (
        <p className="text-lg font-semibold sm:text-xl">
          {profile.name} ran {profile.marathonName} and did not finish this time
        </p>
      )}
      <p className="mt-1 text-sm text-muted-foreground">Still raising until {longDate(profile.raisingUntil)}</p>
    </section>
  );
}
