import { oneLine } from '@runpledge/contracts';
import type { OutgoingMail } from '@runpledge/server-kit';
import escapeHtml from 'escape-html';

export interface CharityMessage {
  messageId: string;
  charity: { name: string; slug: string };
  senderEmail: string;
  subject: string;
  body: string;
}

/**
 * A charity's message to one runner: who sent it and why the runner gets it (their page names the
 * charity), the message as plain text (escaped in the HTML part: no markup of the sender's reaches
 * it), and the one-click stop.
 */
export function charityMessageMail(
  to: string,
  message: CharityMessage,
  page: { profileId: string; name: string },
  charityUrl: string,
  stopUrl: string,
): OutgoingMail {
  const charity = oneLine(message.charity.name).trim();
  const why = `You get this because your RunPledge page${page.name ? ` "${oneLine(page.name).trim()}"` : ''} names ${charity} as your charity. ${charity} sees your page's totals, goal, donors count, miles and race, never your e-mail address: RunPledge sends this for them.`;
  return {
    to,
    link: charityUrl,
    messageId: `<charity-message-${message.messageId}-${page.profileId}@runpledge>`,
    subject: `${charity}: ${oneLine(message.subject).trim()}`,
    text:
      `A message from ${charity} (sent by ${message.senderEmail}):\n\n${message.body}\n\n---\n${why}\n` +
      `${charity} on RunPledge: ${charityUrl}\n\nNo more mail from RunPledge to this address: ${stopUrl}`,
    html:
      `<p>A message from <strong>${escapeHtml(charity)}</strong> (sent by ${escapeHtml(message.senderEmail)}):</p>` +
      `<div style="white-space:pre-wrap">${escapeHtml(message.body)}</div><hr>` +
      `<p style="font-size:small">${escapeHtml(why)} <a href="${escapeHtml(charityUrl)}">${escapeHtml(charity)} on RunPledge</a></p>` +
      `<p style="font-size:small"><a href="${escapeHtml(stopUrl)}">No more mail from RunPledge to this address</a></p>`,
  };
}
