/** What a donation platform says about one page, mapped to our units (decimal strings, ISO codes). */
export interface PlatformTotals {
  raised: string;
  /** null when the platform has no goal for the page. */
  goal: string | null;
  donors: number;
  /** ISO 4217; null when the platform does not say. */
  currency: string | null;
  /** The platform's own donate address for the page, as it gave it (unchecked); undefined when none. */
  donateUrl?: string;
}

export interface PlatformDonation {
  externalId: string;
  /** null when anonymous. */
  name: string | null;
  /** Decimal string; null when the donor hid it. */
  amount: string | null;
  currency: string;
  message: string | null;
  donatedAt: Date;
}

/** A read: unchanged since `etag` (304), or the totals with the newest donations. */
export type PlatformRead =
  | { changed: false; etag: string | null; requests: number }
  | { changed: true; etag: string | null; totals: PlatformTotals; donations: PlatformDonation[]; requests: number };
