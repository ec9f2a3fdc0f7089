import { formatMoney, type Challenge, type ProfileView } from '@runpledge/contracts';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { DonateLink } from './donate-link';

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
          <DonateLink profile={profile} amount={challenge.amount} variant="primary" size="sm" announceNewTab>
            Choose This Challenge
            <span className="sr-only">: {challenge.description}</span>
          </DonateLink>
          {actions}
        </div>
      </div>
    </div>
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
