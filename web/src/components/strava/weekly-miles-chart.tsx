import type { TrainingStats } from '@runpledge/contracts';

type Week = TrainingStats['weeklyMiles'][number];

const HEIGHT = 120;
const BAR_GAP = 6;

function weekLabel(weekStart: string): string {
  return new Date(`${weekStart}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Miles per week as bars: the shape of a training block at a glance, with the numbers for screen readers. */
export function WeeklyMilesChart({ weeks }: { weeks: Week[] }) {
  if (weeks.length === 0) return null;
  const max = Math.max(...weeks.map((w) => w.miles), 1);
  const barWidth = 100 / weeks.length;
  return (
    <figure className="mt-2">
      <figcaption className="text-sm font-semibold text-neutral-700">Weekly miles</figcaption>
      <svg
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-2 h-32 w-full"
        aria-hidden="true"
        data-testid="weekly-miles-chart"
      >
        {weeks.map((week, i) => {
          const height = (week.miles / max) * (HEIGHT - 4);
          return (
            <rect
              key={week.weekStart}
              x={i * barWidth + BAR_GAP / weeks.length / 2}
              y={HEIGHT - height}
              width={barWidth - BAR_GAP / weeks.length}
              height={Math.max(height, week.miles > 0 ? 1 : 0)}
              rx={0.8}
              className="fill-brand-500"
            />
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{weekLabel(weeks[0]!.weekStart)}</span>
        <span>{weekLabel(weeks.at(-1)!.weekStart)}</span>
      </div>
      <ul className="sr-only">
        {weeks.map((week) => (
          <li key={week.weekStart}>
            Week of {weekLabel(week.weekStart)}: {week.miles.toFixed(1)} miles
          </li>
        ))}
      </ul>
    </figure>
  );
}
