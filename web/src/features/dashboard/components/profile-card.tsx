import { formatMoney, progressPercent, type ProfileSummary } from '@runpledge/contracts';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { LinkButton } from '@/components/ui/link-button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatCalendarDate } from '@/lib/dates';

interface ProfileCardProps {
  profile: ProfileSummary;
  onDelete: () => void;
  /** Lines other features add under the progress (e.g. Strava's state, claims). */
  extras?: ReactNode;
}

/** One of the runner's pages: what it is, whether it is live, its progress, and its actions. */
export function ProfileCard({ profile, onDelete, extras }: ProfileCardProps) {
  const path = `/${profile.urlSlug}`;
  const percent = progressPercent(profile.fundsRaised, profile.fundraisingGoal);
  // A JustGiving page is often in pounds: the card shows the page's own currency.
  const currency = profile.fundraisingCurrency;
  return (
    <article className="flex min-w-0 flex-col rounded-xl border border-border bg-white p-5 shadow-card sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-xl font-bold tracking-tight break-words text-brand-950">{profile.name}</h2>
        {profile.published ? (
          <Badge tone="brand">Published</Badge>
        ) : (
          <Badge tone="neutral" title="Visitors cannot see this page until your subscription is active">
            Not published
          </Badge>
        )}
      </div>
      <p className="mt-1 text-sm break-all text-muted-foreground">{path}</p>
      <dl className="mt-4 grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="sr-only">Marathon</dt>
          <dd className="font-semibold text-brand-800">{profile.marathonName}</dd>
        </div>
        <div>
          <dt className="sr-only">Date</dt>
          <dd className="text-neutral-700">{formatCalendarDate(profile.marathonDate)}</dd>
        </div>
      </dl>
      <p className="mt-3 line-clamp-2 break-words text-neutral-700">{profile.description}</p>
      <div className="mt-4 grid gap-1.5">
        <p className="text-sm text-neutral-700">
          <span className="font-semibold text-brand-950">{formatMoney(profile.fundsRaised, currency)}</span> raised
          {Number(profile.fundraisingGoal) > 0 && <> of {formatMoney(profile.fundraisingGoal, currency)}</>}
        </p>
        <ProgressBar percent={percent} label={`Fundraising progress of ${profile.name}`} className="h-2" />
      </div>
      {extras && <div className="mt-3 grid gap-1">{extras}</div>}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <a
          href={path}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
        >
          View Page<span className="sr-only"> {profile.name} (opens in a new tab)</span>
        </a>
        <LinkButton to={path} size="sm">
          Manage<span className="sr-only"> {profile.name}</span>
        </LinkButton>
        <LinkButton to={`${path}/edit`} variant="outline" size="sm">
          Edit details<span className="sr-only"> of {profile.name}</span>
        </LinkButton>
        <LinkButton to={`${path}/fitness`} variant="outline" size="sm">
          Fitness<span className="sr-only"> of {profile.name}</span>
        </LinkButton>
        <Button variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-50" onClick={onDelete}>
          Delete<span className="sr-only"> {profile.name}</span>
        </Button>
      </div>
    </article>
  );
}
