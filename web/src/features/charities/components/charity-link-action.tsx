import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { useAcceptInvitation, useVerifyCharity } from '../api/charities';

/**
 * The page a charity mail's link opens: one press verifies the charity, or accepts the staff
 * invitation (a press, not the page load, so a mail scanner opening links does nothing).
 */
export function CharityLinkAction({ kind }: { kind: 'verify' | 'invitation' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyCharity();
  const accept = useAcceptInvitation();
  const mutation = kind === 'verify' ? verify : accept;
  const title = kind === 'verify' ? 'Verify the charity' : 'Join the charity’s staff';
  if (mutation.isSuccess) {
    const { charity } = mutation.data;
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">
          {kind === 'verify' ? `${charity.name} is verified` : `You joined ${charity.name}`}
        </h1>
        <LinkButton to={`/charities/${charity.slug}`}>Open the charity’s page</LinkButton>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {mutation.error && (
        <p role="alert" className="text-red-800">
          {mutation.error.message}
        </p>
      )}
      <Button type="button" disabled={!token || mutation.isPending} onClick={() => mutation.mutate({ token })}>
        {kind === 'verify' ? 'Verify' : 'Accept the invitation'}
      </Button>
    </div>
  );
}
