import { sendPageEvent } from '@/lib/page-events';
import { formatMoney, type Challenge, type ProfileView } from '@runpledge/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button-styles';
import { cn } from '@/lib/cn';
import { useReadOnlyAction } from './read-only-action';

const loadClaimDialog = () => import('./claim-challenge-dialog');
// The dialog (and the dialog library) loads on first use, not with the page.
const ClaimChallengeDialog = lazy(loadClaimDialog);

interface ChallengeCardProps {
  profile: ProfileView;
  challenge: Challenge;
  /** The owner's drag handle, before the content. */
  handle?: ReactNode;
  /** The owner's Edit and Delete. */
  actions?: ReactNode;
  className?: string;
}

export function ChallengeCard({ profile, challenge, handle, actions, className }: ChallengeCardProps) {
  return (
    <div
      className={cn(
        'flex gap-3 rounded-lg border border-border bg-neutral-50 p-4 transition-shadow motion-reduce:transition-none',
        className,
      )}
    >
      {handle}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-2xl font-bold text-brand-800 tabular-nums">{formatMoney(challenge.amount)}</span>
          {challenge.isExclusive && <Badge tone="accent">Exclusive</Badge>}
        </div>
        <p className="break-words text-neutral-800">{challenge.description}</p>
        <div className="flex flex-wrap items-center gap-2">
          <ChooseChallenge profile={profile} challenge={challenge} />
          {!challenge.isExclusive && challenge.claimCount > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="challenge-claim-count">
              {challenge.claimCount} {challenge.claimCount === 1 ? 'supporter has' : 'supporters have'} chosen this
            </p>
          )}
          {actions}
        </div>
      </div>
    </div>
  );
}

/**
 * Choose This Challenge: a name first (the claim), then on to donate; a read-only page only reports it.
 * A claimed exclusive challenge shows its supporter instead; the dialog stays mounted through that
 * change, so the supporter who just claimed it still sees the way on to donate.
 */
function ChooseChallenge({ profile, challenge }: { profile: ProfileView; challenge: Challenge }) {
  const onReadOnlyAction = useReadOnlyAction();
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh claim.
  const [opening, setOpening] = useState(0);
  const prefetch = () => void loadClaimDialog();
  const claimed = challenge.isExclusive && challenge.claimedBy !== null;
  return (
    <>
      {claimed ? (
        <p className="text-sm font-semibold text-brand-800" data-testid="challenge-claimed-by">
          Claimed by {challenge.claimedBy}
        </p>
      ) : (
        <button
          type="button"
          aria-haspopup="dialog"
          className={buttonStyles({ variant: 'primary', size: 'sm' })}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => {
            if (onReadOnlyAction) return onReadOnlyAction({ kind: 'challenge', amount: challenge.amount });
            sendPageEvent(profile, { type: 'challenge', challengeId: challenge.id });
            setOpening((n) => n + 1);
            setOpen(true);
          }}
        >
          Choose This Challenge
          <span className="sr-only">: {challenge.description}</span>
        </button>
      )}
      {opening > 0 && (
        <Suspense fallback={null}>
          <ClaimChallengeDialog
            key={opening}
            open={open}
            onOpenChange={setOpen}
            profile={profile}
            challenge={challenge}
          />
        </Suspense>
      )}
    </>
  );
}

/** The challenges as supporters see them, in the runner's order. */
export function ChallengeList({ profile }: { profile: ProfileView }) {
  if (profile.fundraisingChallenges.length === 0) {
    return <p className="text-muted-foreground">No challenges yet. You can still donate any amount.</p>;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Challenges">
      {profile.fundraisingChallenges.map((challenge) => (
        <li key={challenge.id}>
          <ChallengeCard profile={profile} challenge={challenge} />
        </li>
      ))}
    </ul>
  );
}
