import { formatMoney, oneLine } from '@runpledge/contracts';
import type { OutgoingMail } from '@runpledge/server-kit';
import escapeHtml from 'escape-html';

export interface ClaimMailFacts {
  claimId: string;
  name: string;
  message: string | null;
  amount: number;
  description: string;
  /** Releases this claim in one step (the owner's mail only). */
  releaseUrl?: string;
}

/** Tells the owner who chose which challenge; the supporter's words are escaped, never markup. */
export function claimMail(to: string, claim: ClaimMailFacts, dashboardUrl: string): OutgoingMail {
  const amount = formatMoney(claim.amount);
  // Names stored before they were kept on one line may still hold line breaks.
  const name = oneLine(claim.name).trim();
  const quoted = claim.message ? `\n\nTheir message:\n${claim.message}` : '';
  const release = claim.releaseUrl ? `\n\nNever paid? Release this claim:\n${claim.releaseUrl}` : '';
  return {
    to,
    link: dashboardUrl,
    // One id per claim: a mail server or reader can tell a repeat for what it is.
    messageId: `<claim-${claim.claimId}@runpledge>`,
    subject: `${name} chose your ${amount} challenge`,
    text: `${name} chose your challenge "${claim.description}" (${amount}) and is on their way to donate.${quoted}${release}\n\nSee your claims, or release one that was never paid, on your dashboard:\n${dashboardUrl}`,
    html:
      `<p><strong>${escapeHtml(name)}</strong> chose your challenge “${escapeHtml(claim.description)}” (${amount}) and is on their way to donate.</p>` +
      (claim.message ? `<blockquote>${escapeHtml(claim.message)}</blockquote>` : '') +
      (claim.releaseUrl ? `<p><a href="${escapeHtml(claim.releaseUrl)}">Never paid? Release this claim</a></p>` : '') +
      `<p>See your claims, or release one that was never paid, on your <a href="${escapeHtml(dashboardUrl)}">dashboard</a>.</p>`,
  };
}

/**
 * One mail for the claims an owner's pages received since the last one: a single claim reads as
 * `claimMail`; several are listed, each claimant's name on one line.
 */
export function claimDigestMail(to: string, claims: ClaimMailFacts[], dashboardUrl: string): OutgoingMail {
  if (claims.length === 1) return claimMail(to, claims[0]!, dashboardUrl);
  const lines = claims.map((claim) => {
    const name = oneLine(claim.name).trim();
    return {
      text:
        `- ${name}: "${claim.description}" (${formatMoney(claim.amount)})` +
        (claim.message ? `\n  Their message: ${oneLine(claim.message)}` : '') +
        (claim.releaseUrl ? `\n  Never paid? Release it: ${claim.releaseUrl}` : ''),
      html:
        `<li><strong>${escapeHtml(name)}</strong>: “${escapeHtml(claim.description)}” (${formatMoney(claim.amount)})` +
        (claim.message ? `<blockquote>${escapeHtml(claim.message)}</blockquote>` : '') +
        (claim.releaseUrl ? ` <a href="${escapeHtml(claim.releaseUrl)}">Never paid? Release it</a>` : '') +
        '</li>',
    };
  });
  return {
    to,
    link: dashboardUrl,
    // The first claim names the digest: a repeat of the same digest is told for what it is.
    messageId: `<claim-digest-${claims[0]!.claimId}@runpledge>`,
    subject: `${claims.length} supporters chose your challenges`,
    text: `${claims.length} supporters chose your challenges and are on their way to donate:\n\n${lines.map((l) => l.text).join('\n')}\n\nSee your claims, or release one that was never paid, on your dashboard:\n${dashboardUrl}`,
    html:
      `<p>${claims.length} supporters chose your challenges and are on their way to donate:</p>` +
      `<ul>${lines.map((l) => l.html).join('')}</ul>` +
      `<p>See your claims, or release one that was never paid, on your <a href="${escapeHtml(dashboardUrl)}">dashboard</a>.</p>`,
  };
}
