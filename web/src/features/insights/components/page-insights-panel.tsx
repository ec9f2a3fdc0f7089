import type { PageInsightsDay, ProfileSummary } from '@runpledge/contracts';
import { buttonStyles } from '@/components/ui/button-styles';
import { usePageInsights } from '../api/get-page-insights';

const HEIGHT = 60;

function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Views per day as bars; the numbers are in the table beside it (the chart is hidden from screen readers). */
function ViewsChart({ days }: { days: PageInsightsDay[] }) {
  const max = Math.max(...days.map((d) => d.views), 1);
  const width = 100 / days.length;
  return (
    <svg
      viewBox={`0 0 100 ${HEIGHT}`}
      preserveAspectRatio="none"
      className="mt-2 h-16 w-full"
      aria-hidden="true"
      data-testid="page-insights-chart"
    >
      {days.map((day, i) => {
        const height = (day.views / max) * (HEIGHT - 2);
        return (
          <rect
            key={day.date}
            x={i * width + width * 0.15}
            y={HEIGHT - height}
            width={width * 0.7}
            height={Math.max(height, day.views > 0 ? 1 : 0)}
            className="fill-brand-500"
            data-views={day.views}
          />
        );
      })}
    </svg>
  );
}

/**
 * The owner's insights on a dashboard card: the last 30 days of views as a small chart, the totals,
 * a table of the days for those who do not see the chart, and the race-day poster downloads.
 */
export function PageInsightsPanel({ profile }: { profile: ProfileSummary }) {
  const insights = usePageInsights(profile.id);
  const posterPath = `/api/runner-profile/${encodeURIComponent(profile.id)}/poster`;
  return (
    <section
      aria-label={`Insights and poster of ${profile.name}`}
      className="mt-2 grid gap-2 border-t border-border pt-3"
    >
      <h3 className="text-sm font-semibold text-brand-950">Last 30 days</h3>
      {insights.isPending ? (
        <p className="text-sm text-muted-foreground">Loading visits…</p>
      ) : insights.isError ? (
        <p className="text-sm text-muted-foreground">Visits cannot be shown right now.</p>
      ) : (
        <>
          <p className="text-sm text-neutral-700" data-testid="page-insights-totals">
            {plural(insights.data.totals.views, 'view', 'views')} ·{' '}
            {plural(insights.data.totals.shares, 'share', 'shares')} ·{' '}
            {plural(insights.data.totals.donateClicks, 'donate click', 'donate clicks')} ·{' '}
            {plural(insights.data.totals.challengePicks, 'challenge chosen', 'challenges chosen')}
          </p>
          <ViewsChart days={insights.data.days} />
          <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
            <span>{dayLabel(insights.data.days[0]!.date)}</span>
            <span>{dayLabel(insights.data.days.at(-1)!.date)}</span>
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-semibold text-brand-800">Visits by day (table)</summary>
            <div className="mt-2 max-h-64 overflow-auto">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">Visits to {profile.name} over the last 30 days</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Views</th>
                    <th scope="col">Visitors</th>
                    <th scope="col">Shares</th>
                    <th scope="col">Donate clicks</th>
                    <th scope="col">Challenges</th>
                  </tr>
                </thead>
                <tbody>
                  {[...insights.data.days].reverse().map((day) => (
                    <tr key={day.date}>
                      <th scope="row" className="font-normal">
                        {dayLabel(day.date)}
                      </th>
                      <td>{day.views}</td>
                      <td>{day.uniqueVisitors}</td>
                      <td>{day.shares}</td>
                      <td>{day.donateClicks}</td>
                      <td>{day.challengePicks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-brand-950">Race-day poster</span>
        <a href={`${posterPath}.pdf`} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          PDF<span className="sr-only"> poster of {profile.name} (A4)</span>
        </a>
        <a href={`${posterPath}.png`} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          PNG<span className="sr-only"> poster of {profile.name}</span>
        </a>
      </div>
    </section>
  );
}
