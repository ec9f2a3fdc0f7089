import { TOTALS_PLATFORM_NAMES, formatMoney, progressPercent, type ProfileView } from '@runpledge/contracts';
import { lazy, Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { updatedAgo } from '../utils/relative-time';
import { ChallengeList } from './challenge-card';
import { DonateLink } from './donate-link';
import { DonorWall } from './donor-wall';
import { Section } from '@/components/ui/section';

// Drag and drop and the editing dialogs are for the owner only: visitors never download them.
const OwnerChallenges = lazy(() => import('./owner-challenges'));
const OwnerTotals = lazy(() => import('./owner-totals'));

export function FundraisingSection({ profile }: { profile: ProfileView }) {
  const percent = progressPercent(profile.fundsRaised, profile.fundraisingGoal);
  const donors = profile.totalDonors;
  const currency = profile.fundraisingCurrency ?? 'USD';
  const hasGoal = Number(profile.fundraisingGoal) > 0;
  const source = profile.totalsSource ?? 'manual';
  return (
    <Section
      title="Fundraising Progress"
      action={
        <Badge tone="brand" data-testid="donor-count">
          {donors} {donors === 1 ? 'donor' : 'donors'}
        </Badge>
      }
    >
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <p>
          <span className="text-3xl font-extrabold text-brand-900 tabular-nums" data-testid="funds-raised">
            {formatMoney(profile.fundsRaised, currency)}
          </span>{' '}
          <span className="text-muted-foreground">raised</span>
        </p>
        {hasGoal && (
          <p className="text-muted-foreground">
            of{' '}
            <span className="font-semibold text-foreground" data-testid="fundraising-goal">
              {formatMoney(profile.fundraisingGoal, currency)}
            </span>{' '}
            goal
          </p>
        )}
      </div>
      {hasGoal && (
        <>
          <ProgressBar percent={percent} label="Fundraising progress" className="mt-3" />
          <p className="mt-2 text-sm text-muted-foreground" data-testid="fundraising-percent">
            {Math.round(percent)}% of the goal
          </p>
        </>
      )}
      {source !== 'manual' && profile.totalsSyncedAt && (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="totals-updated">
          From {TOTALS_PLATFORM_NAMES[source]}, {updatedAgo(profile.totalsSyncedAt)}
        </p>
      )}

      {profile.isOwner && (
        <Suspense fallback={null}>
          <OwnerTotals profile={profile} />
        </Suspense>
      )}

      <DonateLink profile={profile} size="lg" className="mt-5 w-full">
        Donate Now
      </DonateLink>

      {source !== 'manual' && <DonorWall profile={profile} />}

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
