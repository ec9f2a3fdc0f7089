/** Domains whose mailboxes ignore dots in the local part; googlemail.com is gmail.com. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address reaches, however it is written: case ignored, a `+tag` dropped, and for
 * gmail.com/googlemail.com the dots of the local part too (and googlemail.com is gmail.com). Every
 * per-address limit and the suppression list key on this, so `Victim.X+1@GoogleMail.com` and
 * `victimx@gmail.com` count as one. Pure: the address is never mailed in this form.
 */
export function normalizeInbox(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replace(/\./g, '') || local;
  }
  return `${local}@${domain}`;
}

export const MAIL_MESSAGES = {
  /** A suppression link that is unknown, or was never one. */
  linkInvalid: 'This link is invalid or has expired.',
} as const;
