import { useCountdown } from '../hooks/use-countdown';

/** Days, hours and minutes to the race start: the runner page's and a team page's hero. */
export function Countdown({ marathonDate }: { marathonDate: string }) {
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
