import { formatMoney, progressPercent, type ProfileView } from '@runpledge/contracts';
import { lazy, Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ChallengeList } from './challenge-card';
import { DonateLink } from './donate-link';
import { Section } from './section';

// Drag and drop and the editing dialogs are for the owner only: visitors never download them.
const OwnerChallenges = lazy(() => import('./owner-challenges'));

export function FundraisingSection({ profile }: { profile: ProfileView }) {
  const percent = progressPercent(profile.fundsRaised, profile.fundraisingGoal);
  const donors = profile.totalDonors;
  return (
    <Section
      title="Fundraising Progress"
      action={
        <Badge tone="brand">
          {donors} {donors === 1 ? 'donor' : 'donors'}
        </Badge>
      }
    >
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <p>
          <span className="text-3xl font-extrabold text-brand-900 tabular-nums" data-testid="funds-raised">
            {formatMoney(profile.fundsRaised)}
          </span>{' '}
          <span className="text-muted-foreground">raised</span>
        </p>
        <p className="text-muted-foreground">
          of <span className="font-semibold text-foreground">{formatMoney(profile.fundraisingGoal)}</span> goal
        </p>
      </div>
      <ProgressBar percent={percent} label="Fundraising progress" className="mt-3" />
      <p className="mt-2 text-sm text-muted-foreground">{Math.round(percent)}% of the goal</p>

      <DonateLink profile={profile} size="lg" className="mt-5 w-full">
        Donate Now
      </DonateLink>

      <h3 className="mt-8 mb-3 text-lg font-bold text-brand-950">Challenges</h3>
      {profile.isOwner ? (
        <Suspense fallback={<ChallengeList profile={profile} />}>
          <OwnerChallenges profile={profile} />
        </Suspense>
      ) : (
        <ChallengeList profile={profile} />
      )}
    </Section>
  );
}
