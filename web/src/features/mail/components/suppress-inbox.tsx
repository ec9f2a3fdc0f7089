import { MAIL_MESSAGES, OUTAGE } from '@runpledge/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { useSuppressInbox } from '../api/suppress-inbox';

export const SUPPRESS_INBOX_LABEL = 'No more mail from RunPledge to this address';

const RATE_LIMITED = 'Too many attempts from this network. Please wait a few minutes, then try again.';
const FAILED = 'Something went wrong and nothing changed. Please try again.';

/** What to say when the call failed: `final` when this link can never work. */
function describeFailure(error: unknown): { message: string; final: boolean } {
  if (!(error instanceof ApiRequestError)) return { message: FAILED, final: false };
  const serverMessage = typeof error.body?.message === 'string' ? error.body.message : undefined;
  switch (error.status) {
    case 400:
    case 404:
      return { message: serverMessage ?? MAIL_MESSAGES.linkInvalid, final: true };
    case 429:
      return { message: serverMessage ?? RATE_LIMITED, final: false };
    case 503:
      return { message: serverMessage ?? OUTAGE.message, final: false };
    default:
      return { message: FAILED, final: false };
  }
}

/**
 * "No more mail from RunPledge to this address", with the token of the mail's link. Opening the page
 * changes nothing (mail scanners open links); the click does.
 */
export function SuppressInbox({ token }: { token: string }) {
  const suppress = useSuppressInbox();
  const failure = suppress.isError ? describeFailure(suppress.error) : undefined;
  return (
    <Card className="mt-6 flex flex-col items-start gap-4" aria-labelledby="suppress-inbox-title">
      <h2 id="suppress-inbox-title" className="text-lg font-semibold">
        Stop all mail from RunPledge
      </h2>
      {suppress.isSuccess ? (
        <p role="status" className="font-semibold">
          Done: RunPledge will send no more mail to this address, about any pledge or team.
        </p>
      ) : !token || failure?.final ? (
        <p role="alert" className="font-semibold text-danger-800">
          {failure?.message ?? MAIL_MESSAGES.linkInvalid}
        </p>
      ) : (
        <>
          <p>
            Not expecting mail from us? Nobody can then make RunPledge write to this address again: no pledge
            confirmations, reminders or team mails, whoever types it.
          </p>
          {failure && (
            <p role="alert" className="text-sm font-semibold text-danger-800">
              {failure.message}
            </p>
          )}
          <Button
            variant="outline"
            // The label is long: it wraps on a narrow phone rather than running out of the button.
            className="h-auto! min-h-11 w-full py-2 text-center whitespace-normal!"
            disabled={suppress.isPending}
            onClick={() => suppress.mutate({ token })}
          >
            {suppress.isPending && <Spinner />}
            {SUPPRESS_INBOX_LABEL}
          </Button>
        </>
      )}
    </Card>
  );
}
