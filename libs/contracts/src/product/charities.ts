/** Limits and words of charities (API.md "Charities"). */
export const CHARITY_LIMITS = {
  slug: 50,
  name: 100,
  website: 500,
  registeredNumber: 50,
  mission: 200,
  email: 254,
  messageSubject: 150,
  messageBody: 5000,
  messageRecipients: 500,
  /** Directory page size, and the console's. */
  directoryPageSize: 20,
  runnersPageSize: 50,
  consolePageSize: 50,
  /** Teams a charity's page lists (most raised first). */
  pageTeams: 50,
  /** A verification link (and a staff invitation) is good for this long. */
  linkValidHours: 72,
} as const;

export const CHARITY_ROLES = ['admin', 'staff'] as const;
export type CharityRole = (typeof CHARITY_ROLES)[number];

export const CHARITY_RANKINGS = ['raised', 'miles', 'percent'] as const;
export const CHARITY_RUNNER_FLAGS = ['no_donation_yet', 'behind_pace', 'quiet_30_days', 'goal_reached'] as const;
export type CharityRunnerFlag = (typeof CHARITY_RUNNER_FLAGS)[number];
export const CHARITY_CONSOLE_SORTS = [
  'name',
  'raised',
  'percent',
  'donors',
  'miles',
  'race_date',
  'last_donation',
  'last_run',
] as const;

/** Addresses a charity cannot take: the app's own paths under /charities. */
export const RESERVED_CHARITY_SLUGS = ['new', 'verify', 'invitations', 'console', 'directory', 'api'] as const;

export const CHARITY_NOT_FOUND = 'Charity not found';
export const CHARITY_SLUG_TAKEN = 'This charity address is already taken';
export const CHARITY_SLUG_RESERVED = 'This charity address is reserved';
export const CHARITY_WEBSITE_INVALID = 'The website must be an http or https address';
export const CHARITY_WEBSITE_PRIVATE = 'The website must be a public address';
export const CHARITY_VERIFICATION_DOMAIN = "The address must be at the charity's website domain";
export const CHARITY_VERIFICATION_INVALID = 'This verification link is invalid or has expired.';
export const CHARITY_INVITATION_INVALID = 'This invitation is invalid or has expired.';
export const CHARITY_ADMIN_ONLY = 'Only an admin of this charity can do that';
export const CHARITY_STAFF_ONLY = 'Only the staff of this charity can see this';
export const CHARITY_LAST_ADMIN = 'A charity needs at least one admin: make someone else admin first';
export const CHARITY_STAFF_NOT_FOUND = 'Staff member not found';

function ipv4Parts(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/**
 * True when the host names a private, local or otherwise unroutable place: loopback, private and
 * link-local ranges (IPv4 and IPv6, mapped addresses too), `localhost` and local-only names, and a
 * host without a dot (an intranet name).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host.includes(':')) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateIpv4(ipv4Parts(mapped[1])!);
    return (
      host === '::' ||
      host === '::1' ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      host.startsWith('::ffff:') ||
      host.startsWith('ff')
    );
  }
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  if (/^[0-9.]+$/.test(host) || /^0x/.test(host)) return true; // other numeric spellings of an address
  if (!host.includes('.')) return true;
  return /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/.test(host);
}

/** The domain a charity's verification address must be at: its website's host, without `www.`. */
export function charityWebsiteDomain(website: string): string {
  return new URL(website).hostname.toLowerCase().replace(/^www\./, '');
}

/** True when `email` is at the website's domain (the part after @, case aside). */
export function isAtWebsiteDomain(email: string, website: string): boolean {
  const at = email.lastIndexOf('@');
  return at > 0 && email.slice(at + 1).toLowerCase() === charityWebsiteDomain(website);
}

export const CHARITY_NOT_LISTED = 'Please choose a charity from the list';
export const CHARITIES_UNAVAILABLE = 'The charity list is temporarily unavailable. Please try again in a few seconds.';
/** What a runner is told when choosing a listed charity (API.md "Charities"). */
export const CHARITY_CONSENT =
  "The charity will see your page's totals, goal, number of donors, miles and race. It never sees your e-mail address; it may write to you through RunPledge, at most once a week, and every message lets you stop them.";
