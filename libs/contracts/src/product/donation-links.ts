/** Spec 5 and 9: where a runner's donations go, derived from the platform fields. */
export const DONATION_PLATFORMS = ['donordrive', 'justgiving', 'haku', 'other'] as const;
export type DonationPlatform = (typeof DONATION_PLATFORMS)[number];

export interface DonationFields {
  donationPlatform: DonationPlatform;
  charityLink?: string | null;
  donorDriveEventUrl?: string | null;
  donorDriveParticipantId?: string | null;
  /** DonorDrive's own donate address for the participant (links.donate), when the sync has one. */
  donorDriveDonateUrl?: string | null;
  justGivingPageShortName?: string | null;
  hakuDonationUrl?: string | null;
}

export function justGivingPageUrl(shortName: string): string {
  return `https://www.justgiving.com/fundraising/${encodeURIComponent(shortName)}`;
}

/** The charity link stored with a profile: justgiving from the short name, haku its page, donordrive the event URL. */
export function deriveCharityLink(fields: DonationFields): string | null {
  switch (fields.donationPlatform) {
    case 'justgiving':
      return fields.justGivingPageShortName ? justGivingPageUrl(fields.justGivingPageShortName) : null;
    case 'haku':
      return fields.hakuDonationUrl ?? null;
    case 'donordrive':
      return fields.donorDriveEventUrl ?? null;
    case 'other':
      return fields.charityLink ?? null;
  }
}

function formatAmount(amount: number): string {
  return amount.toFixed(2);
}

/**
 * The Donate Now link, with an optional preset amount where the platform takes one (spec 9):
 * DonorDrive's participant donate page with `donationAmount` (the address DonorDrive gives for the
 * participant when the sync has it, else built from the event URL), JustGiving's page with `amount`;
 * Haku and other charity links open as they are.
 */
export function buildDonationUrl(fields: DonationFields, amount?: number): string | null {
  switch (fields.donationPlatform) {
    case 'donordrive': {
      if (!fields.donorDriveEventUrl || !fields.donorDriveParticipantId) return fields.charityLink ?? null;
      let url: URL;
      if (fields.donorDriveDonateUrl) {
        url = new URL(fields.donorDriveDonateUrl);
      } else {
        url = new URL('/index.cfm', new URL(fields.donorDriveEventUrl).origin);
        url.searchParams.set('fuseaction', 'donorDrive.participant');
        url.searchParams.set('participantID', fields.donorDriveParticipantId);
        url.hash = 'donate';
      }
      if (amount !== undefined && amount > 0) url.searchParams.set('donationAmount', formatAmount(amount));
      return url.toString();
    }
    case 'justgiving': {
      if (!fields.justGivingPageShortName) return fields.charityLink ?? null;
      const url = new URL(justGivingPageUrl(fields.justGivingPageShortName));
      if (amount !== undefined && amount > 0) url.searchParams.set('amount', formatAmount(amount));
      return url.toString();
    }
    case 'haku':
      return fields.hakuDonationUrl ?? fields.charityLink ?? null;
    case 'other':
      return fields.charityLink ?? null;
  }
}

/** Spec 5: the field each platform needs, with the spec's own message; null when it is there. */
export function platformProblem(p: DonationFields): { path: string; message: string } | null {
  switch (p.donationPlatform) {
    case 'haku':
      return p.hakuDonationUrl
        ? null
        : { path: 'hakuDonationUrl', message: 'Please enter your Haku fundraising page URL.' };
    case 'donordrive':
      if (!p.donorDriveEventUrl)
        return { path: 'donorDriveEventUrl', message: 'Please enter your DonorDrive event URL.' };
      return p.donorDriveParticipantId
        ? null
        : { path: 'donorDriveParticipantId', message: 'Please enter your DonorDrive participant ID.' };
    case 'justgiving':
      return p.justGivingPageShortName
        ? null
        : { path: 'justGivingPageShortName', message: 'Please enter your JustGiving page short name.' };
    case 'other':
      return p.charityLink ? null : { path: 'charityLink', message: 'Please enter your charity donation page link.' };
  }
}
