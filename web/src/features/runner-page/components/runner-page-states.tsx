import { Link } from 'react-router';
import { MAIN_CONTENT_ID } from '@/components/layouts/skip-link';
import { Container } from '@/components/ui/container';
import { NotFoundNotice } from '@/components/ui/not-found-notice';
import { Skeleton } from '@/components/ui/skeleton';

/** The shape of the page while its profile loads. */
export function RunnerPageSkeleton({ slug }: { slug: string }) {
  return (
    <div role="status" aria-label="Loading runner page">
      <h1 className="sr-only">Loading /{slug}…</h1>
      <div className="bg-brand-900">
        <Container className="flex flex-col gap-4 py-10 sm:py-14">
          <Skeleton className="h-10 w-2/3 bg-white/15 sm:h-12" />
          <Skeleton className="h-6 w-1/2 bg-white/15" />
          <div className="mt-2 flex gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-20 bg-white/15 sm:w-24" />
            ))}
          </div>
        </Container>
      </div>
      <Container className="grid gap-6 py-8 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
        <Skeleton className="h-80 w-full rounded-xl" />
      </Container>
    </div>
  );
}

interface NotFoundProps {
  slug: string;
  /** True when the page does not exist; false when it could not be loaded. */
  missing: boolean;
  onRetry: () => void;
}

/** 'Runner Not Found' with Back to Home. */
export function RunnerNotFound({ slug, missing, onRetry }: NotFoundProps) {
  return (
    <Container as="main" id={MAIN_CONTENT_ID} className="flex-1 py-16 sm:py-24">
      <NotFoundNotice title="Runner Not Found" missing={missing} onRetry={onRetry}>
        {missing ? (
          <>
            <p className="mt-2 text-lg font-semibold text-brand-800">Profile Not Found</p>
            <p className="mt-3 break-all text-muted-foreground">
              There is no fundraising page at /{slug}. Check the address you were given.
            </p>
          </>
        ) : (
          <p className="mt-3 text-muted-foreground">This page could not be loaded right now. Please try again.</p>
        )}
      </NotFoundNotice>
    </Container>
  );
}

/** The owner's reminder that visitors cannot see the page yet. */
export function OwnerUnpublishedBanner() {
  return (
    <div role="status" className="border-b border-accent-200 bg-accent-50">
      <Container className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-accent-900">
          <span className="font-semibold">Your page isn&apos;t live yet.</span> Only you can see it until your
          subscription starts.
        </p>
        <Link
          to="/payment"
          className="font-semibold text-accent-800 underline underline-offset-2 hover:text-accent-900"
        >
          Start your free trial
        </Link>
      </Container>
    </div>
  );
}
