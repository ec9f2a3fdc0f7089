import { oneLine } from '@runpledge/contracts';
import type { OutgoingMail } from '@runpledge/server-kit';
import escapeHtml from 'escape-html';

const line = (text: string) => oneLine(text).trim();

/** The link that proves the charity's website domain: mailed to an address at that domain. */
export function verificationMail(to: string, charity: { name: string; website: string }, link: string): OutgoingMail {
  const name = line(charity.name);
  return {
    to,
    link,
    subject: `Verify ${name} on RunPledge`,
    text:
      `Someone asked to verify ${name} (${charity.website}) on RunPledge with this address.\n\n` +
      `Open this link to verify the charity (it works once, for 72 hours):\n${link}\n\n` +
      `If you did not expect this, ignore this mail: nothing happens without the link.`,
    html:
      `<p>Someone asked to verify <strong>${escapeHtml(name)}</strong> (${escapeHtml(charity.website)}) on RunPledge with this address.</p>` +
      `<p><a href="${escapeHtml(link)}">Verify the charity</a> (the link works once, for 72 hours).</p>` +
      `<p>If you did not expect this, ignore this mail: nothing happens without the link.</p>`,
  };
}

/** An invitation to a charity's staff: the link adds whoever opens it, signed in, with the role. */
export function invitationMail(
  to: string,
  charity: { name: string },
  role: 'admin' | 'staff',
  link: string,
): OutgoingMail {
  const name = line(charity.name);
  const as = role === 'admin' ? 'an admin' : 'staff';
  return {
    to,
    link,
    subject: `You are invited to ${name} on RunPledge`,
    text:
      `You are invited to join ${name} on RunPledge as ${as}: you will see the charity's runners and their ` +
      `fundraising in its console.\n\nAccept (sign in or sign up first; the link works once, for 72 hours):\n${link}`,
    html:
      `<p>You are invited to join <strong>${escapeHtml(name)}</strong> on RunPledge as ${as}: you will see the ` +
      `charity's runners and their fundraising in its console.</p>` +
      `<p><a href="${escapeHtml(link)}">Accept the invitation</a> (sign in or sign up first; the link works once, for 72 hours).</p>`,
  };
}
