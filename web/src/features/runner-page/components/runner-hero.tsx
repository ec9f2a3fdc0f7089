import { theMarathon, type ProfileView } from '@runpledge/contracts';
import { Container } from '@/components/ui/container';
import { formatCalendarDate } from '@/lib/dates';
import { useCountdown } from '../hooks/use-countdown';

/** Runner name, 'Running the' marathon, its date and the countdown to the start. */
export function RunnerHero({ profile }: { profile: ProfileView }) {
  return (
    <div className="bg-linear-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
      <Container className="flex flex-col gap-8 py-10 sm:py-14 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-balance sm:text-5xl">
            {profile.name}
          </h1>
          <p className="mt-3 text-lg text-brand-100 sm:text-xl">
            Running {theMarathon(profile.marathonName).slice(0, -profile.marathonName.trim().length)}
            <span className="font-semibold text-white">{profile.marathonName.trim()}</span>
          </p>
          <p className="mt-1 text-brand-200">{formatCalendarDate(profile.marathonDate)}</p>
        </div>
        <Countdown marathonDate={profile.marathonDate} />
      </Container>
    </div>
  );
}

function Countdown({ marathonDate }: { marathonDate: string }) {
  const { days, hours, minutes } = useCountdown(marathonDate);
  const units = [
    { label: 'Days', value: days },
    { label: 'Hours', value: hours },
    { label: 'Minutes', value: minutes },
  ];
  return (
    <div role="timer" aria-label="Time until the race starts" className="shrink-0">
      <p className="mb-2 text-sm font-semibold tracking-wide text-accent-300 uppercase">Race day countdown</p>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {units.map(({ label, value }) => (
          <div
            key={label}
            className="flex min-w-20 flex-col-reverse items-center rounded-lg bg-white/10 px-3 py-3 ring-1 ring-white/15 sm:min-w-24"
          >
            <dt className="text-xs font-medium tracking-wide text-brand-100 uppercase">{label}</dt>
            <dd
              className="text-3xl font-bold tabular-nums sm:text-4xl"
              data-testid={`countdown-${label.toLowerCase()}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
