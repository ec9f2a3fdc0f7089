import { OUTAGE, type Pledge } from '@runpledge/contracts';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { DocumentTitle } from '@/components/seo/document-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { PledgeDetails } from './pledge-details';

export const PLEDGE_LINK_MESSAGES = {
  rateLimited: 'Too many attempts from this network. Please wait a few minutes, then try again.',
  failed: 'Something went wrong and nothing changed. Please try again.',
} as const;

/** What to tell the supporter when the call failed: `final` when this link can never work again. */
export function describeLinkFailure(error: unknown, invalidMessage: string): { message: string; final: boolean } {
  if (!(error instanceof ApiRequestError)) return { message: PLEDGE_LINK_MESSAGES.failed, final: false };
  const serverMessage = typeof error.body?.message === 'string' ? error.body.message : undefined;
  switch (error.status) {
    case 400:
    case 404:
    case 409:
      return { message: serverMessage ?? invalidMessage, final: true };
    case 429:
      return { message: serverMessage ?? PLEDGE_LINK_MESSAGES.rateLimited, final: false };
    case 503:
      return { message: serverMessage ?? OUTAGE.message, final: false };
    default:
      return { message: PLEDGE_LINK_MESSAGES.failed, final: false };
  }
}

/** Kept in the history entry once done, so reloading, Back and Forward show the result, not the button again. */
interface DoneState {
  pledgeLinkDone: { pledge?: Pledge };
}
const isDoneState = (state: unknown): state is DoneState =>
  typeof state === 'object' && state !== null && 'pledgeLinkDone' in state;

export interface PledgeLinkPageProps {
  title: string;
  /** What pressing the button will do: the page says it before anything changes. */
  explanation: ReactNode;
  actionLabel: string;
  destructive?: boolean;
  /** Said once done, above the pledge when the answer carries one. */
  doneMessage: string;
  doneDetail?: ReactNode;
  /** The message of a link that cannot work (no token, or refused). */
  invalidMessage: string;
  /** Said under a refused link: what may have happened. */
  invalidHint: ReactNode;
  mutation: {
    mutate: (token: string, handlers: { onSuccess: (pledge?: Pledge) => void }) => void;
    isPending: boolean;
    error: unknown;
  };
}

/**
 * A page a pledge mail links to. Opening it changes nothing (mail scanners open links); the
 * supporter's click POSTs the token. Once done the token leaves the address bar and the history.
 */
export function PledgeLinkPage(props: PledgeLinkPageProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const done = isDoneState(location.state) ? location.state.pledgeLinkDone : undefined;
  const failure = props.mutation.error ? describeLinkFailure(props.mutation.error, props.invalidMessage) : undefined;

  const act = () =>
    props.mutation.mutate(token, {
      onSuccess: (pledge) =>
        void navigate(
          { pathname: location.pathname, search: '' },
          { replace: true, state: { pledgeLinkDone: { pledge } } satisfies DoneState },
        ),
    });

  return (
    <>
      <DocumentTitle title={props.title} />
      <div className="mx-auto max-w-md">
        <PageHeading>{props.title}</PageHeading>
        <Card className="mt-8 flex flex-col items-start gap-4">
          {done ? (
            <>
              <p role="status" className="font-semibold">
                {props.doneMessage}
              </p>
              {props.doneDetail && <p>{props.doneDetail}</p>}
              {done.pledge && <PledgeDetails pledge={done.pledge} />}
            </>
          ) : !token || failure?.final ? (
            <>
              <p role="alert" className="font-semibold text-danger-800">
                {failure?.message ?? props.invalidMessage}
              </p>
              <p>{props.invalidHint}</p>
            </>
          ) : (
            <>
              <p>{props.explanation}</p>
              {failure && (
                <p role="alert" className="text-sm font-semibold text-danger-800">
                  {failure.message}
                </p>
              )}
              <Button
                size="lg"
                className="w-full"
                variant={props.destructive ? 'destructive' : 'primary'}
                disabled={props.mutation.isPending}
                onClick={act}
              >
                {props.mutation.isPending && <Spinner />}
                {props.actionLabel}
              </Button>
            </>
          )}
        </Card>
      </div>
    </>
  );
}
