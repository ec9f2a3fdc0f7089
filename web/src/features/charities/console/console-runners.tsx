import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Section } from '@/components/ui/section';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import type { CharityRace } from '../api/console';
import { RunnerFilters } from './runner-filters';
import { RunnersCsv } from './runners-csv';
import { RunnersTable } from './runners-table';
import type { RunnerList, RunnerSelection } from './use-runner-list';

interface ConsoleRunnersProps {
  charityId: string;
  slug: string;
  races: CharityRace[];
  list: RunnerList;
  selection: RunnerSelection;
}

/** Every page naming the charity, published or not: filters, flags, a CSV and runners to write to. */
export function ConsoleRunners({ charityId, slug, races, list, selection }: ConsoleRunnersProps) {
  const { runners } = list;
  const count = selection.selected.size;
  return (
    <Section title="Runners" action={<RunnersCsv charityId={charityId} slug={slug} filter={list.filter} />}>
      <RunnerFilters races={races} choices={list.choices} raceUnknown={list.raceUnknown} onChoose={list.choose} />
      {runners.isError && !runners.data ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-danger-700">{apiErrorMessage(runners.error, 'The runners could not be loaded.')}</p>
          <Button variant="outline" size="sm" onClick={() => void runners.refetch()}>
            Try again
          </Button>
        </div>
      ) : !runners.data ? (
        <Skeleton className="h-40 w-full" />
      ) : runners.data.runners.length === 0 ? (
        <p className="text-muted-foreground">
          {list.filter.flag || list.filter.event
            ? 'No runners match these filters.'
            : 'No runner’s page names the charity yet. Share your charity page so runners can choose you.'}
        </p>
      ) : (
        <>
          <RunnersTable runners={runners.data.runners} selection={selection} busy={runners.isPlaceholderData} />
          <div className="mt-4 flex flex-col gap-3">
            {count > 0 && (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                {count} {count === 1 ? 'runner' : 'runners'} selected
                <Button variant="ghost" size="sm" onClick={selection.clear}>
                  Clear selection
                </Button>
              </p>
            )}
            <Pager
              label="Runner pages"
              page={list.page}
              totalPages={runners.data.totalPages}
              busy={runners.isPlaceholderData}
              onPage={list.setPage}
            />
          </div>
        </>
      )}
    </Section>
  );
}
