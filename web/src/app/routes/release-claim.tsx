import { OUTAGE, RELEASE_LINK_INVALID } from '@runpledge/contracts';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { useReleaseClaimByLink } from '@/features/claims/api/release-claim-by-link';
import { ApiRequestError } from '@/lib/api-client';

const RATE_LIMITED = 'Too many attempts from this network. Please wait a few minutes, then try again.';
const FAILED = 'Something went wrong and the claim was not released. Please try again.';

/** What to tell the owner when the release failed: `invalid` when the link can never work again. */
function describeFailure(error: unknown): { message: string; invalid: boolean } {
  if (!(error instanceof ApiRequestError)) return { message: FAILED, invalid: false };
  const serverMessage = typeof error.body?.message === 'string' ? error.body.message : undefined;
  switch (error.status) {
    case 400:
    case 404:
      return { message: serverMessage ?? RELEASE_LINK_INVALID, invalid: true };
    case 429:
      return { message: serverMessage ?? RATE_LIMITED, invalid: false };
    case 503:
      return { message: serverMessage ?? OUTAGE.message, invalid: false };
    default:
      return { message: FAILED, invalid: false };
  }
}

/**
 * The "Never paid? Release this claim" link of the owner's claim mail. Opening it changes nothing
 * (mail scanners open links); the owner's click releases the claim.
 */
export default function ReleaseClaimRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const release = useReleaseClaimByLink();
  const failure = release.isError ? describeFailure(release.error) : undefined;

  return (
    <PageLayout>
      <DocumentTitle title="Release a challenge claim" />
      <div className="mx-auto max-w-md">
        <PageHeading lead="For a supporter who chose one of your challenges but never donated.">
          Release a challenge claim
        </PageHeading>
        <Card className="mt-8 flex flex-col items-start gap-4">
          {release.isSuccess ? (
            <>
              <p role="status" className="font-semibold">
                Done: the claim is released.
              </p>
              <p>The supporter&apos;s name is off the challenge on your page, and it can be chosen again.</p>
              <LinkButton to="/dashboard" variant="outline" className="w-full sm:w-auto">
                Go to my dashboard
              </LinkButton>
            </>
          ) : !token || failure?.invalid ? (
            <>
              <p role="alert" className="font-semibold text-danger-800">
                {failure?.message ?? RELEASE_LINK_INVALID}
              </p>
              <p>The claim may already be released. Your dashboard lists the claims on your pages.</p>
              <LinkButton to="/dashboard" variant="outline" className="w-full sm:w-auto">
                Go to my dashboard
              </LinkButton>
            </>
          ) : (
            <>
              <p>
                Releasing takes the supporter&apos;s name off the challenge on your page, so it can be chosen again. It
                is the claim this link came with in your mail; no other claim changes.
              </p>
              {failure && (
                <p role="alert" className="text-sm font-semibold text-danger-800">
                  {failure.message}
                </p>
              )}
              <Button
                size="lg"
                className="w-full"
                disabled={release.isPending}
                onClick={() => release.mutate({ token })}
              >
                {release.isPending && <Spinner />}
                Release this claim
              </Button>
            </>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}
