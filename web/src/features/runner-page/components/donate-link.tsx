import { sendPageEvent } from '@/lib/page-events';
import { buildDonationUrl, type ProfileView } from '@runpledge/contracts';
import type { ReactNode } from 'react';
import { buttonStyles, type ButtonStyleProps } from '@/components/ui/button-styles';
import { useReadOnlyAction } from './read-only-action';

interface DonateLinkProps extends ButtonStyleProps {
  profile: ProfileView;
  /** Preset amount, passed on where the platform takes one (spec 9). */
  amount?: number;
  children: ReactNode;
  /** Tells screen readers the link opens a new tab. */
  announceNewTab?: boolean;
}

/** The URL a donation button opens: the page's donation link, with the amount where possible. */
export function donationHref(profile: ProfileView, amount?: number): string | null {
  if (amount === undefined && profile.donationUrl) return profile.donationUrl;
  try {
    return buildDonationUrl(profile, amount);
  } catch {
    // A malformed stored URL must not take the whole page down.
    return profile.donationUrl;
  }
}

/** Opens the runner's donation platform in a new tab; on a read-only page it only reports the action. */
export function DonateLink({
  profile,
  amount,
  children,
  announceNewTab = false,
  variant = 'accent',
  size,
  className,
}: DonateLinkProps) {
  const onReadOnlyAction = useReadOnlyAction();
  if (onReadOnlyAction) {
    return (
      <button
        type="button"
        className={buttonStyles({ variant, size, className })}
        onClick={() => onReadOnlyAction(amount === undefined ? { kind: 'donate' } : { kind: 'challenge', amount })}
      >
        {children}
      </button>
    );
  }
  const href = donationHref(profile, amount);
  if (!href) {
    return (
      <span role="link" aria-disabled="true" className={buttonStyles({ variant, size, className })}>
        {children}
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonStyles({ variant, size, className })}
      onClick={() => sendPageEvent(profile, { type: 'donate' })}
    >
      {children}
      {announceNewTab && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}
