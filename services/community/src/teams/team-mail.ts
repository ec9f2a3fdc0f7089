import { oneLine } from '@runpledge/contracts';
import type { OutgoingMail } from '@runpledge/server-kit';
import escapeHtml from 'escape-html';

/** The line every team mail ends with: its link to "no more mail from RunPledge to this address". */
function footer(stopUrl: string): { text: string; html: string } {
  return {
    text: `\n\nNo more mail from RunPledge to this address: ${stopUrl}`,
    html: `<p style="font-size:small"><a href="${escapeHtml(stopUrl)}">No more mail from RunPledge to this address</a></p>`,
  };
}

/** Tells the captain a page asks to join; they approve it from the team's page. */
export function joinRequestMail(
  to: string,
  team: { name: string; id: string },
  page: { name: string; id: string },
  teamUrl: string,
  stopUrl: string,
): OutgoingMail {
  const name = oneLine(page.name).trim();
  const teamName = oneLine(team.name).trim();
  const f = footer(stopUrl);
  return {
    to,
    link: teamUrl,
    messageId: `<team-request-${team.id}-${page.id}@runpledge>`,
    subject: `${name} asks to join ${teamName}`,
    text: `${name} asks to join your team ${teamName}.\n\nApprove or decline the request on the team's page:\n${teamUrl}${f.text}`,
    html:
      `<p><strong>${escapeHtml(name)}</strong> asks to join your team ${escapeHtml(teamName)}.</p>` +
      `<p>Approve or decline the request on the <a href="${escapeHtml(teamUrl)}">team's page</a>.</p>${f.html}`,
  };
}

function digestSubject(teamName: string, members: string[], requests: string[]): string {
  if (requests.length === 0)
    return members.length === 1 ? `${members[0]} joined ${teamName}` : `${members.length} runners joined ${teamName}`;
  if (members.length === 0)
    return `${requests.length} join ${requests.length === 1 ? 'request' : 'requests'} waiting for ${teamName}`;
  return `${teamName}: ${members.length} new ${members.length === 1 ? 'member' : 'members'}, ${requests.length} ${requests.length === 1 ? 'request' : 'requests'}`;
}

/**
 * One mail a day at most for the members who joined since the last one, and the join requests the
 * captain was not mailed about at once (a runner's second request of a day waits for this one).
 */
export function newMembersDigestMail(
  to: string,
  team: { name: string; id: string },
  members: { name: string; pageSlug: string }[],
  teamUrl: string,
  stopUrl: string,
  requests: { name: string; pageSlug: string }[] = [],
): OutgoingMail {
  const teamName = oneLine(team.name).trim();
  const names = members.map((m) => oneLine(m.name).trim());
  const asking = requests.map((m) => oneLine(m.name).trim());
  const f = footer(stopUrl);
  const list = (title: string, items: string[]) =>
    items.length === 0
      ? { text: '', html: '' }
      : {
          text: `${title}:\n\n${items.map((n) => `- ${n}`).join('\n')}\n\n`,
          html: `<p>${escapeHtml(title)}:</p><ul>${items.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`,
        };
  const joined = list(`New on your team ${teamName}`, names);
  const asked = list(`Asking to join ${teamName} (approve or decline on the team's page)`, asking);
  return {
    to,
    link: teamUrl,
    messageId: `<team-digest-${team.id}-${members[0]?.pageSlug ?? requests[0]?.pageSlug ?? 'none'}@runpledge>`,
    subject: digestSubject(teamName, names, asking),
    text: `${joined.text}${asked.text}See the team:\n${teamUrl}${f.text}`,
    html: `${joined.html}${asked.html}<p>See the <a href="${escapeHtml(teamUrl)}">team</a>.</p>${f.html}`,
  };
}
