import { formatMoney, type OwnerClaim } from '@runpledge/contracts';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast-context';
import { useOwnClaims } from '../api/get-own-claims';
import { useReleaseClaim } from '../api/release-claim';

export const CLAIMS_MESSAGES = {
  loadFailed: 'Failed to load the challenge claims',
  releaseFailed: 'Failed to release the claim. Please try again.',
  released: (name: string) => `${name}'s claim was released`,
} as const;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The challenges supporters chose on the runner's pages; one never paid can be released. */
export function ChallengeClaims() {
  const { toast } = useToast();
  const claims = useOwnClaims();
  const release = useReleaseClaim();
  const [releasing, setReleasing] = useState<OwnerClaim | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmRelease = async () => {
    if (!releasing) return;
    try {
      await release.mutateAsync(releasing);
      toast({ title: CLAIMS_MESSAGES.released(releasing.name), variant: 'success' });
      setReleasing(null);
    } catch {
      toast({ title: CLAIMS_MESSAGES.releaseFailed, variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="challenge-claims-heading" className="mt-10">
      <h2
        id="challenge-claims-heading"
        ref={heading}
        tabIndex={-1}
        className="mb-4 text-xl font-bold text-brand-950 focus:outline-none"
      >
        Challenge claims
      </h2>
      {claims.isPending ? (
        <Skeleton role="status" aria-label="Loading challenge claims" className="h-24 rounded-xl" />
      ) : claims.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-4">
          <p className="font-semibold text-danger-800">{CLAIMS_MESSAGES.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void claims.refetch()}>
            Try again
          </Button>
        </div>
      ) : claims.data.length === 0 ? (
        <p className="text-muted-foreground">
          No supporter has chosen a challenge yet. When one does, you get an e-mail and the claim shows here.
        </p>
      ) : (
        <Card className="p-0 sm:p-0">
          <ul aria-label="Challenge claims" className="divide-y divide-border">
            {claims.data.map((claim) => (
              <li key={claim.id} className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-neutral-900">
                    {claim.name} chose {formatMoney(claim.amount)}: {claim.description}{' '}
                    {claim.isExclusive && <Badge tone="accent">Exclusive</Badge>}
                  </p>
                  {claim.message && <p className="mt-1 break-words text-neutral-700">“{claim.message}”</p>}
                  <p className="mt-1 text-sm text-muted-foreground">
                    {claim.pageName} (/{claim.urlSlug}) · {when.format(new Date(claim.createdAt))}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setReleasing(claim)}
                  aria-label={`Release ${claim.name}'s claim of ${formatMoney(claim.amount)}: ${claim.description}`}
                >
                  Release
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <ConfirmDialog
        open={releasing !== null}
        onOpenChange={(open) => !open && setReleasing(null)}
        title="Release this claim?"
        description={
          releasing
            ? `Only if ${releasing.name} never paid: the claim is removed and the challenge can be chosen again.`
            : ''
        }
        confirmLabel="Release claim"
        onConfirm={confirmRelease}
        fallbackFocus={heading}
      />
    </section>
  );
}
