import type { CharityPageResponse } from '@runpledge/contracts';
import { Link } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { DocumentTitle } from '@/components/seo/document-title';
import { LinkButton } from '@/components/ui/link-button';
import { NotFoundNotice } from '@/components/ui/not-found-notice';
import { Section } from '@/components/ui/section';
import { Skeleton } from '@/components/ui/skeleton';
import { RunnerPlaces } from '@/features/charity-places';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCharity } from '../api/charities';
import { isRefused, useCharityStaff } from '../api/console';
import { ConsoleDetails } from './console-details';
import { ConsoleRunners } from './console-runners';
import { ConsoleStaff } from './console-staff';
import { ConsoleVerification } from './console-verification';
import { MessageRunners } from './message-runners';
import { useRunnerList, useRunnerSelection } from './use-runner-list';

/** The staff console at /charities/{slug}/console: one section a file beside it. */
export function CharityConsole({ slug }: { slug: string }) {
  const charity = useCharity(slug);
  if (charity.isPending)
    return (
      <>
        <DocumentTitle title="Charity console" loading />
        <Skeleton className="h-40 w-full" />
      </>
    );
  if (charity.isError && !charity.data)
    return (
      <>
        <DocumentTitle title="Charity not found" />
        <NotFoundNotice
          title="Charity not found"
          missing={charity.error instanceof ApiRequestError && charity.error.status === 404}
          onRetry={() => void charity.refetch()}
        >
          No charity has this address. Check the link you followed.
        </NotFoundNotice>
      </>
    );
  const { charity: current } = charity.data;
  if (!current.isStaff)
    return (
      <>
        <DocumentTitle title={current.name} />
        <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-brand-950">This console is for the charity’s staff</h1>
          <p className="text-muted-foreground">
            Only people invited by {current.name} can see its runners here. If you work there, ask an admin of the
            charity to invite you.
          </p>
          <LinkButton to={`/charities/${current.slug}`} variant="outline">
            Go to the charity page
          </LinkButton>
        </div>
      </>
    );
  return <ConsoleSections key={current.id} data={charity.data} />;
}

function ConsoleSections({ data }: { data: CharityPageResponse }) {
  const { charity, events } = data;
  const list = useRunnerList(charity.id, events);
  const selection = useRunnerSelection();
  // The staff list is for admins only: a 403 says the viewer is staff, and admin sections stay hidden.
  const staff = useCharityStaff(charity.id);
  const isAdmin = staff.isSuccess;
  return (
    <>
      <DocumentTitle title={`${charity.name} console`} />
      <div className="flex flex-col gap-2">
        <PageHeading lead="Your runners, whichever donation platform each uses.">{charity.name}</PageHeading>
        <p>
          <Link to={`/charities/${charity.slug}`} className="font-semibold text-brand-800 underline underline-offset-2">
            View the charity page
          </Link>
        </p>
      </div>
      <div className="mt-8 flex flex-col gap-6">
        <ConsoleRunners charityId={charity.id} slug={charity.slug} races={events} list={list} selection={selection} />
        <MessageRunners charityId={charity.id} selection={selection} />
        {staff.isError && !isRefused(staff.error) && (
          <Section title="Staff">
            <p role="alert" className="text-danger-700">
              {apiErrorMessage(staff.error, 'The staff list could not be loaded.')}
            </p>
          </Section>
        )}
        {isAdmin && (
          <>
            {list.runners.data && (
              <RunnerPlaces
                charityId={charity.id}
                runners={list.runners.data.runners.map(({ runnerProfileId, name }) => ({ runnerProfileId, name }))}
              />
            )}
            <ConsoleStaff charityId={charity.id} staff={staff.data.staff} />
            {!charity.verified && <ConsoleVerification charity={charity} />}
            <ConsoleDetails charity={charity} />
          </>
        )}
      </div>
    </>
  );
}
