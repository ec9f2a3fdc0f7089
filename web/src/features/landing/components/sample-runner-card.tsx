import { BUSINESS } from '@runpledge/contracts';
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';

// Figures of an invented runner, only for this preview.
const MILES = 312;
const RAISED = 2450;
const GOAL = 3000;
const WEEKS = [18, 22, 20, 27, 24, 31, 29, 35];

// Whole dollars with thousands separators, without Intl: the landing page's first render would
// otherwise load the locale's number data (ICU) for three figures.
const usd = (n: number) => `$${String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;

/** A mock of a runner's page card: miles trained and funds raised (spec 2 features section). */
export function SampleRunnerCard() {
  const top = Math.max(...WEEKS);
  return (
    <figure className="relative rounded-2xl border border-border bg-white p-6 shadow-xl shadow-brand-900/10 sm:p-7">
      <figcaption className="sr-only">A sample runner card with miles trained and funds raised</figcaption>
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-linear-to-br from-brand-600 to-brand-800 text-lg font-bold text-white"
          >
            MC
          </span>
          <div>
            <p className="font-bold text-neutral-900">Maya Chen</p>
            <p className="text-sm text-muted-foreground">Chicago Marathon</p>
          </div>
        </div>
        <Badge tone="accent">Sample</Badge>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm font-medium text-brand-800">Miles trained</dt>
          <dd className="mt-1 text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">{MILES}</dd>
        </div>
        <div className="rounded-xl bg-accent-50 p-4">
          <dt className="text-sm font-medium text-accent-800">Funds raised</dt>
          <dd className="mt-1 text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">{usd(RAISED)}</dd>
        </div>
      </dl>

      <div className="mt-6 space-y-4">
        <div>
          <div className="flex justify-between text-sm">
            <span className="font-medium text-neutral-700">Training</span>
            <span className="text-muted-foreground">
              {MILES} of {BUSINESS.trainingMilesGoal} mi
            </span>
          </div>
          <ProgressBar
            tone="brand"
            percent={(MILES / BUSINESS.trainingMilesGoal) * 100}
            label="Sample training progress"
            className="mt-2"
          />
        </div>
        <div>
          <div className="flex justify-between text-sm">
            <span className="font-medium text-neutral-700">Fundraising</span>
            <span className="text-muted-foreground">
              {usd(RAISED)} of {usd(GOAL)}
            </span>
          </div>
          <ProgressBar percent={(RAISED / GOAL) * 100} label="Sample fundraising progress" className="mt-2" />
        </div>
      </div>

      <div className="mt-6 flex items-end justify-between gap-4 border-t border-border pt-5">
        <div>
          <p className="text-sm text-muted-foreground">Avg pace</p>
          <p className="font-bold text-neutral-900">9:12 /mi</p>
        </div>
        <div aria-hidden="true" className="flex h-12 items-end gap-1">
          {WEEKS.map((miles, i) => (
            <span
              key={i}
              className={i === WEEKS.length - 1 ? 'w-3 rounded-sm bg-accent-500' : 'w-3 rounded-sm bg-brand-300'}
              style={{ height: `${(miles / top) * 100}%` }}
            />
          ))}
        </div>
        <div className="text-right">
          <p className="text-sm text-muted-foreground">Race day</p>
          <p className="font-bold text-neutral-900">42 days</p>
        </div>
      </div>
    </figure>
  );
}
