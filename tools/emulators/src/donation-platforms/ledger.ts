/** One fundraising page of a donation-platform emulator: its goal, its donations, its version for ETags. */
export interface LedgerDonation {
  id: string;
  /** null: anonymous. */
  name: string | null;
  amount: number;
  /** The donor hid the amount from the page. */
  amountHidden: boolean;
  message: string | null;
  donatedAt: Date;
}

export interface LedgerPage {
  key: string;
  displayName: string;
  goal: number;
  currency: string;
  donations: LedgerDonation[];
  /** Bumped by every change: the ETag is made from it. */
  version: number;
  /** A platform answering out of its own rules: fields over the page's, raw donation items added. */
  odd?: OddAnswer;
}

export interface OddAnswer {
  fields: Record<string, unknown>;
  donations: Record<string, unknown>[];
}

export interface DonationInput {
  amount?: unknown;
  name?: unknown;
  message?: unknown;
  hideAmount?: unknown;
}

export class ControlError extends Error {}

/** Pages of one emulator, keyed by participant id or short name. */
export class Ledger {
  readonly pages = new Map<string, LedgerPage>();
  private nextDonationId = 1000;

  create(key: string, displayName: string, goal: number, currency: string): LedgerPage {
    const page: LedgerPage = { key, displayName, goal, currency, donations: [], version: 1 };
    this.pages.set(key.toLowerCase(), page);
    return page;
  }

  get(key: string): LedgerPage | undefined {
    return this.pages.get(key.toLowerCase());
  }

  mustGet(key: string): LedgerPage {
    const page = this.get(key);
    if (!page) throw new ControlError(`no page ${key}`);
    return page;
  }

  setGoal(key: string, goal: unknown): LedgerPage {
    const page = this.mustGet(key);
    page.goal = amountOf(goal, 'goal');
    page.version += 1;
    return page;
  }

  donate(key: string, input: DonationInput): LedgerDonation {
    const page = this.mustGet(key);
    if (input.name !== undefined && input.name !== null && typeof input.name !== 'string')
      throw new ControlError('name must be a string or null');
    if (input.message !== undefined && input.message !== null && typeof input.message !== 'string')
      throw new ControlError('message must be a string or null');
    const donation: LedgerDonation = {
      id: String((this.nextDonationId += 1)),
      name: typeof input.name === 'string' && input.name.trim() !== '' ? input.name : null,
      amount: amountOf(input.amount, 'amount'),
      amountHidden: input.hideAmount === true,
      message: typeof input.message === 'string' && input.message !== '' ? input.message : null,
      // Strictly after the page's last donation, as on a real platform's donor list: two donations
      // made within one millisecond would otherwise have no order.
      donatedAt: new Date(Math.max(Date.now(), (page.donations[0]?.donatedAt.getTime() ?? 0) + 1)),
    };
    page.donations.unshift(donation);
    page.version += 1;
    return donation;
  }

  /** Sets (or with an empty body clears) what the page's answers carry beyond the platform's rules. */
  setOdd(key: string, input: Record<string, unknown>): LedgerPage {
    const page = this.mustGet(key);
    const fields = input.fields ?? {};
    const donations = input.donations ?? [];
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
      throw new ControlError('fields must be an object');
    if (!Array.isArray(donations) || donations.some((d) => typeof d !== 'object' || d === null))
      throw new ControlError('donations must be a list of objects');
    page.odd = { fields: fields as Record<string, unknown>, donations: donations as Record<string, unknown>[] };
    page.version += 1;
    return page;
  }

  raised(page: LedgerPage): number {
    return Math.round(page.donations.reduce((sum, d) => sum + d.amount, 0) * 100) / 100;
  }

  etag(page: LedgerPage): string {
    return `"${page.key}-v${page.version}"`;
  }

  reset(): void {
    this.pages.clear();
  }
}

function amountOf(value: unknown, field: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
    throw new ControlError(`${field} must be a non-negative number`);
  return Math.round(n * 100) / 100;
}

/** If-None-Match carries this page's current ETag. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
