import { INVALID_LINK_MESSAGE } from '@runpledge/contracts';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCancelEmailChange } from '@/features/auth/api/cancel-email-change';
import { ApiRequestError } from '@/lib/api-client';

/** The "this wasn't me" link of an e-mail change: one button, so a mail scanner opening it changes nothing. */
export default function CancelEmailChangeRoute() {
  const [params] = useSearchParams();
  const cancel = useCancelEmailChange();
  const invalid = cancel.error instanceof ApiRequestError && cancel.error.status === 400;

  return (
    <PageLayout>
      <DocumentTitle title="Cancel the e-mail change" />
      <div className="mx-auto max-w-md">
        <PageHeading lead="The change is cancelled and every device signed in to your account is signed out.">
          This wasn&apos;t me
        </PageHeading>
        <Card className="mt-8 flex flex-col items-start gap-4">
          {cancel.isSuccess ? (
            <>
              <p role="status" className="font-semibold">
                Done: your e-mail stays as it was and everyone is signed out.
              </p>
              <p>Whoever asked for the change knew your password: choose a new one now.</p>
              <Link to="/forgot-password" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                Reset my password
              </Link>
            </>
          ) : invalid ? (
            <p role="alert" className="font-semibold text-danger-800">
              {INVALID_LINK_MESSAGE}
            </p>
          ) : (
            <>
              {cancel.isError && (
                <p role="alert" className="text-sm font-semibold text-danger-800">
                  Something went wrong. Please try again.
                </p>
              )}
              <Button
                size="lg"
                className="w-full"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate({ token: params.get('token') ?? '' })}
              >
                {cancel.isPending && <Spinner />}
                Cancel the change and sign out everywhere
              </Button>
            </>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}
