import { CHARITY_LIMITS, type CharityPageResponse } from '@runpledge/contracts';
import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { LinkButton } from '@/components/ui/link-button';
import { NotFoundNotice } from '@/components/ui/not-found-notice';
import { Pager } from '@/components/ui/pager';
import { Section } from '@/components/ui/section';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';
import { useCharity, type CharityRanking } from '../api/charities';

const RANKINGS: { value: CharityRanking; label: string }[] = [
  { value: 'raised', label: 'Raised' },
  { value: 'miles', label: 'Miles' },
  { value: 'percent', label: 'Share of goal' },
];

function money(amount: string, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(Number(amount));
}

function rankingOf(value: string | null): CharityRanking {
  return RANKINGS.some((r) => r.value === value) ? (value as CharityRanking) : 'raised';
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The public page at /charities/{slug}: phone first, one column, the totals before the runners. */
export function CharityPage({ slug }: { slug: string }) {
  const [params, setParams] = useSearchParams();
  const by = rankingOf(params.get('by'));
  const page = pageOf(params.get('page'));
  const charity = useCharity(slug, by, page);
  // A new ranking starts at its first page; the page number stays out of the address on page 1.
  const setView = (next: { by?: CharityRanking; page?: number }) =>
    setParams(
      () => {
        const updated = new URLSearchParams();
        const nextBy = next.by ?? by;
        if (nextBy !== 'raised') updated.set('by', nextBy);
        if (next.page && next.page > 1) updated.set('page', String(next.page));
        return updated;
      },
      { preventScrollReset: true },
    );
  return (
    <PageLayout>
      {charity.isPending ? (
        <>
          <DocumentTitle title={slug} loading />
          <Skeleton className="h-40 w-full" />
        </>
      ) : charity.isError && !charity.data ? (
        <>
          <DocumentTitle title="Charity not found" />
          <NotFoundNotice
            title="Charity not found"
            missing={charity.error instanceof ApiRequestError && charity.error.status === 404}
            onRetry={() => void charity.refetch()}
          >
            No charity has this address. Check the link, or find the charity from a runner’s page.
          </NotFoundNotice>
        </>
      ) : (
        <CharityView
          data={charity.data}
          by={by}
          busy={charity.isFetching}
          onRank={(next) => setView({ by: next })}
          onPage={(next) => setView({ page: next })}
        />
      )}
    </PageLayout>
  );
}

function CharityView({
  data,
  by,
  busy,
  onRank,
  onPage,
}: {
  data: CharityPageResponse;
  by: CharityRanking;
  busy: boolean;
  onRank: (by: CharityRanking) => void;
  onPage: (page: number) => void;
}) {
  const { charity, runners, teams, events, page, totalPages } = data;
  return (
    <>
      <DocumentTitle title={charity.name} />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold break-words text-neutral-900">{charity.name}</h1>
        <p className="text-sm text-neutral-700">
          {charity.verified ? 'Verified charity' : 'Unverified'}
          {charity.registeredNumber ? ` · Registered number ${charity.registeredNumber}` : ''} ·{' '}
          <a className="underline" href={charity.website} rel="noopener noreferrer nofollow">
            {new URL(charity.website).hostname}
          </a>
        </p>
        <p className="break-words text-neutral-800">{charity.mission}</p>
        <div className="mt-2 flex flex-wrap gap-3">
          <LinkButton to={`/signup?charity=${encodeURIComponent(charity.slug)}`}>Run for us</LinkButton>
          {charity.isStaff && (
            <LinkButton to={`/charities/${charity.slug}/console`} variant="outline">
              Console
            </LinkButton>
          )}
        </div>
      </header>
      <div className="mt-6 flex flex-col gap-6">
        <Section title="Raised by our runners">
          {charity.totals.length === 0 ? (
            <p className="text-neutral-700">Nothing raised yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-4" aria-label="Raised per currency">
              {charity.totals.map((t) => (
                <li key={t.currency} className="text-neutral-900">
                  <span className="text-2xl font-semibold">{money(t.raised, t.currency)}</span>{' '}
                  <span className="text-sm text-neutral-700">
                    from {t.donors} {t.donors === 1 ? 'donor' : 'donors'}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-sm text-neutral-700">
            {charity.runnerCount} {charity.runnerCount === 1 ? 'runner' : 'runners'} · {charity.miles} miles run
          </p>
        </Section>
        <Section title="Our runners">
          <div role="group" aria-label="Rank runners by" className="mb-3 flex flex-wrap gap-2">
            {RANKINGS.map((r) => (
              <button
                key={r.value}
                type="button"
                aria-pressed={by === r.value}
                className="min-h-11 rounded border border-neutral-400 px-3 text-sm aria-pressed:bg-neutral-900 aria-pressed:text-white"
                onClick={() => onRank(r.value)}
              >
                {r.label}
              </button>
            ))}
          </div>
          {runners.length === 0 ? (
            <p className="text-neutral-700">No runners yet: be the first.</p>
          ) : (
            <ol className="flex flex-col gap-2" start={(page - 1) * CHARITY_LIMITS.runnersPageSize + 1}>
              {runners.map((r) => (
                <li key={r.runnerProfileId} className="flex flex-wrap justify-between gap-2">
                  <Link className="font-medium underline" to={`/${r.pageSlug}`}>
                    {r.name}
                  </Link>
                  <span className="text-sm text-neutral-700">
                    {money(r.raised, r.currency)} · {r.percentOfGoal}% of goal · {r.miles} mi
                    {r.eventName ? ` · ${r.eventName}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <Pager label="Runner pages" page={page} totalPages={totalPages} busy={busy} onPage={onPage} />
        </Section>
        {teams.length > 0 && (
          <Section title="Our teams">
            <ul className="flex flex-col gap-2">
              {teams.map((t) => (
                <li key={t.slug} className="flex flex-wrap justify-between gap-2">
                  <Link className="font-medium break-words underline" to={`/teams/${t.slug}`}>
                    {t.name}
                  </Link>
                  <span className="text-sm text-neutral-700">{money(t.raised, t.currency)} raised</span>
                </li>
              ))}
            </ul>
          </Section>
        )}
        {events.length > 0 && (
          <Section title="Races our runners run">
            <ul className="flex flex-col gap-1">
              {events.map((e) => (
                <li key={`${e.slug ?? e.name}-${e.date}`} className="text-neutral-800">
                  {e.slug ? (
                    <Link className="underline" to={`/events/${e.slug}`}>
                      {e.name}
                    </Link>
                  ) : (
                    e.name
                  )}
                  {e.date ? `, ${formatCalendarDate(e.date, 'medium')}` : ''} · {e.runnerCount}{' '}
                  {e.runnerCount === 1 ? 'runner' : 'runners'}
                </li>
              ))}
            </ul>
          </Section>
        )}
      </div>
    </>
  );
}
