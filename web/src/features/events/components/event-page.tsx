import { EVENT_RANKINGS, formatMoney, type EventRanking, type RaceEvent } from '@runpledge/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { NotFoundNotice } from '@/components/ui/not-found-notice';
import { Pager } from '@/components/ui/pager';
import { Section } from '@/components/ui/section';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { ShareButtons } from '@/features/runner-page';
import { ApiRequestError } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';
import { useEvent } from '../api/get-event';
import { countdownText } from '../utils/countdown';

const RANKINGS: ReadonlyArray<{ value: EventRanking; label: string }> = [
  { value: 'raised', label: 'Raised' },
  { value: 'miles', label: 'Miles' },
  { value: 'percent', label: '% of goal' },
];
const miles = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;
const runnersText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'runner' : 'runners'}`;
const donorsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'donor' : 'donors'}`;
const percent = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 0 })}%`;

function rankingOf(value: string | null): EventRanking {
  return (EVENT_RANKINGS as readonly string[]).includes(value ?? '') ? (value as EventRanking) : 'raised';
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The public page at /events/{slug}: every RunPledge runner of one race, ranked, with what they raise. */
export function EventPage({ slug }: { slug: string }) {
  const [params, setParams] = useSearchParams();
  const by = rankingOf(params.get('by'));
  const page = pageOf(params.get('page'));
  const query = params.get('q')?.trim() ?? '';
  const [typed, setTyped] = useState(query);
  const event = useEvent(slug, by, page, query);

  const setView = (next: { by?: EventRanking; page?: number; q?: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextBy = next.by ?? by;
        const nextPage = next.page ?? 1;
        const nextQuery = next.q ?? query;
        if (nextBy === 'raised') updated.delete('by');
        else updated.set('by', nextBy);
        if (nextPage === 1) updated.delete('page');
        else updated.set('page', String(nextPage));
        if (nextQuery) updated.set('q', nextQuery);
        else updated.delete('q');
        return updated;
      },
      { preventScrollReset: true },
    );

  if (event.isPending)
    return (
      <PageLayout>
        <DocumentTitle title={slug} loading />
        <Skeleton className="h-40 w-full" />
      </PageLayout>
    );
  if (event.isError && !event.data)
    return (
      <PageLayout>
        <DocumentTitle title="Event not found" />
        <NotFoundNotice
          title="Event not found"
          missing={event.error instanceof ApiRequestError && event.error.status === 404}
          onRetry={() => void event.refetch()}
        >
          <p className="mt-3 text-muted-foreground">There is no event at this address.</p>
        </NotFoundNotice>
      </PageLayout>
    );

  const { event: race, runners, teams, charities, totalPages } = event.data;
  const first = (page - 1) * 50;
  return (
    <PageLayout>
      <DocumentTitle title={`${race.name} · ${formatCalendarDate(race.date)}`} />
      <EventHero event={race} />
      <div className="mt-6 flex flex-col gap-6">
        <Section
          title={`Runners (${race.runnerCount.toLocaleString('en-US')})`}
          action={
            <SegmentedControl
              label="Rank runners by"
              value={by}
              options={RANKINGS}
              onChange={(b) => setView({ by: b })}
            />
          }
        >
          <form
            role="search"
            className="mb-4"
            onSubmit={(e) => {
              e.preventDefault();
              setView({ q: typed.trim() });
            }}
          >
            <label htmlFor="event-runner-search" className="mb-1 block text-sm font-semibold text-neutral-900">
              Find a runner
            </label>
            <Input
              id="event-runner-search"
              type="search"
              value={typed}
              maxLength={100}
              placeholder="Name"
              onChange={(e) => setTyped(e.target.value)}
            />
          </form>
          {runners.length === 0 ? (
            <p className="text-muted-foreground">{query ? 'No runner by that name.' : 'No runners to show yet.'}</p>
          ) : (
            <ol
              className="divide-y divide-border"
              aria-busy={event.isFetching || undefined}
              aria-label="Runners ranked"
            >
              {runners.map((runner, i) => (
                <li key={runner.runnerProfileId} className="flex items-center gap-3 py-3">
                  <span className="w-8 shrink-0 text-right text-sm font-semibold tabular-nums text-muted-foreground">
                    {first + i + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/${runner.pageSlug}`}
                      className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
                    >
                      {runner.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {runner.donors.toLocaleString('en-US')} {runner.donors === 1 ? 'donor' : 'donors'} ·{' '}
                      {miles(runner.miles)}
                    </p>
                  </div>
                  <p className="shrink-0 text-right font-bold tabular-nums text-brand-950">
                    {by === 'miles'
                      ? miles(runner.miles)
                      : by === 'percent'
                        ? percent(runner.percentOfGoal)
                        : formatMoney(runner.raised, runner.currency)}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <Pager
            label="Runner pages"
            page={page}
            totalPages={totalPages}
            busy={event.isFetching}
            onPage={(p) => setView({ page: p })}
          />
        </Section>
        {teams.length > 0 && (
          <Section title={`Teams (${race.teamCount.toLocaleString('en-US')})`}>
            <ul className="divide-y divide-border" aria-label="Teams running it">
              {teams.map((team) => (
                <li key={team.slug} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <Link
                      to={`/teams/${team.slug}`}
                      className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
                    >
                      {team.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {runnersText(team.runnerCount)} · {donorsText(team.donors)}
                    </p>
                  </div>
                  <p className="shrink-0 text-right font-bold tabular-nums text-brand-950">
                    {formatMoney(team.raised, team.currency)}
                  </p>
                </li>
              ))}
            </ul>
          </Section>
        )}
        {charities.length > 0 && (
          <Section title="Charities">
            <ul className="divide-y divide-border" aria-label="Charities its runners raise for">
              {charities.map((charity) => (
                <li key={charity.slug} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <Link
                      to={`/charities/${charity.slug}`}
                      className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
                    >
                      {charity.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">{runnersText(charity.runnerCount)}</p>
                  </div>
                  <p className="shrink-0 text-right font-bold tabular-nums text-brand-950">
                    {charity.totals.map((t) => formatMoney(t.raised, t.currency)).join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          </Section>
        )}
        <Section title="Share this event">
          <ShareButtons
            url={`${window.location.origin}/events/${race.slug}`}
            text={`Everyone running ${race.name} for a cause, on RunPledge`}
          />
        </Section>
      </div>
    </PageLayout>
  );
}

function EventHero({ event }: { event: RaceEvent }) {
  const place = [event.city, event.country].filter(Boolean).join(', ');
  return (
    <header className="rounded-lg bg-brand-950 p-5 text-white sm:p-8">
      <p className="text-sm font-semibold text-brand-100">
        {formatCalendarDate(event.date)}
        {place && ` · ${place}`}
      </p>
      <h1 className="mt-1 text-2xl font-bold break-words sm:text-4xl">{event.name}</h1>
      {!event.verified && (
        <p className="mt-2">
          <Badge tone="neutral">Added by runners</Badge>
        </p>
      )}
      <p className="mt-3 text-lg font-semibold" aria-live="polite">
        {countdownText(event.date, event.timeZone)}
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-brand-100">Raised</dt>
          <dd className="text-xl font-bold tabular-nums">
            {event.totals.length === 0
              ? formatMoney(0)
              : event.totals.map((t) => (
                  <span key={t.currency} className="block">
                    {formatMoney(t.raised, t.currency)}
                  </span>
                ))}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-brand-100">Donors</dt>
          <dd className="text-xl font-bold tabular-nums">
            {event.totals.reduce((sum, t) => sum + t.donors, 0).toLocaleString('en-US')}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-brand-100">Runners</dt>
          <dd className="text-xl font-bold tabular-nums">{event.runnerCount.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="text-sm text-brand-100">Miles trained</dt>
          <dd className="text-xl font-bold tabular-nums">{miles(event.miles)}</dd>
        </div>
      </dl>
    </header>
  );
}
