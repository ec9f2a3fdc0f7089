import { formatMoney, type CharityConsoleRunner } from '@runpledge/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatCalendarDate } from '@/lib/dates';
import { FLAG_LABELS, platformLabel } from './runner-labels';
import type { RunnerSelection } from './use-runner-list';

const miles = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const day = (iso: string | null) => (iso ? formatCalendarDate(iso, 'medium') : 'Never');

const headCell =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase';
const cell = 'px-3 py-3 align-top whitespace-nowrap';
/** The headings after the selection's column, in the rows' order. */
const COLUMNS = ['Runner', 'Race', 'Platform', 'Raised', 'Donors', 'Last donation', 'Miles', 'Last run', 'Flags'];

interface RunnersTableProps {
  runners: CharityConsoleRunner[];
  selection: RunnerSelection;
  busy: boolean;
}

/**
 * One row a runner; on a phone the table scrolls sideways inside its own region, the runner's name
 * and checkbox staying at the left edge.
 */
export function RunnersTable({ runners, selection, busy }: RunnersTableProps) {
  const allOnPage = runners.length > 0 && runners.every((r) => selection.selected.has(r.runnerProfileId));
  return (
    <div
      role="region"
      aria-label="Runners, scrolls sideways"
      tabIndex={0}
      className="-mx-5 overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:mx-0"
    >
      <table className="min-w-full border-collapse text-sm" aria-busy={busy || undefined}>
        <caption className="sr-only">Runners whose page names the charity</caption>
        <thead className="border-b border-border">
          <tr>
            <th scope="col" className={`${headCell} sticky left-0 bg-white`}>
              <input
                type="checkbox"
                className="size-5 align-middle"
                aria-label="Select all on this page"
                checked={allOnPage}
                onChange={(e) => selection.setMany(runners, e.target.checked)}
              />
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={headCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {runners.map((r) => (
            <tr key={r.runnerProfileId}>
              <td className={`${cell} sticky left-0 bg-white`}>
                <input
                  type="checkbox"
                  className="size-5 align-middle"
                  aria-label={`Select ${r.name}`}
                  checked={selection.selected.has(r.runnerProfileId)}
                  onChange={(e) => selection.toggle(r.runnerProfileId, r.name, e.target.checked)}
                />
              </td>
              <th scope="row" className={`${cell} text-left font-semibold`}>
                <span className="flex items-center gap-2">
                  {r.published ? (
                    <Link to={`/${r.pageSlug}`} className="text-brand-800 underline-offset-2 hover:underline">
                      {r.name || r.pageSlug}
                    </Link>
                  ) : (
                    <>
                      <span>{r.name || r.pageSlug}</span>
                      <Badge tone="neutral">Draft</Badge>
                    </>
                  )}
                </span>
              </th>
              <td className={cell}>
                {r.eventName ?? '—'}
                {r.raceDate && <span className="block text-xs text-muted-foreground">{day(r.raceDate)}</span>}
              </td>
              <td className={cell}>{platformLabel(r.platform)}</td>
              <td className={`${cell} tabular-nums`}>
                {formatMoney(r.raised, r.currency)}
                <span className="block text-xs text-muted-foreground">
                  of {formatMoney(r.goal, r.currency)} · {Math.round(r.percentOfGoal)}%
                </span>
              </td>
              <td className={`${cell} tabular-nums`}>{r.donors.toLocaleString('en-US')}</td>
              <td className={cell}>{day(r.lastDonationAt)}</td>
              <td className={`${cell} tabular-nums`}>{miles(r.miles)}</td>
              <td className={cell}>{day(r.lastRunAt)}</td>
              <td className={cell}>
                {r.flags.length === 0 ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <ul className="flex flex-wrap gap-1" aria-label={`Flags for ${r.name}`}>
                    {r.flags.map((flag) => (
                      <li key={flag}>
                        <Badge tone={flag === 'goal_reached' ? 'brand' : 'accent'}>{FLAG_LABELS[flag]}</Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
