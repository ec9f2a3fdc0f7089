import { oneLine } from '@runpledge/contracts';
import type { OutgoingMail } from '@runpledge/server-kit';
import escapeHtml from 'escape-html';

/** Tells the captain a page asks to join; they approve it from the team's page. */
export function joinRequestMail(
  to: string,
  team: { name: string; id: string },
  page: { name: string; id: string },
  teamUrl: string,
): OutgoingMail {
  const name = oneLine(page.name).trim();
  const teamName = oneLine(team.name).trim();
  return {
    to,
    link: teamUrl,
    messageId: `<team-request-${team.id}-${page.id}@runpledge>`,
    subject: `${name} asks to join ${teamName}`,
    text: `${name} asks to join your team ${teamName}.\n\nApprove or decline the request on the team's page:\n${teamUrl}`,
    html:
      `<p><strong>${escapeHtml(name)}</strong> asks to join your team ${escapeHtml(teamName)}.</p>` +
      `<p>Approve or decline the request on the <a href="${escapeHtml(teamUrl)}">team's page</a>.</p>`,
  };
}

/** One mail a day at most for the members who joined since the last one. */
export function newMembersDigestMail(
  to: string,
  team: { name: string; id: string },
  members: { name: string; pageSlug: string }[],
  teamUrl: string,
): OutgoingMail {
  const teamName = oneLine(team.name).trim();
  const names = members.map((m) => oneLine(m.name).trim());
  const subject =
    members.length === 1 ? `${names[0]} joined ${teamName}` : `${members.length} runners joined ${teamName}`;
  return {
    to,
    link: teamUrl,
    messageId: `<team-digest-${team.id}-${members[0]?.pageSlug ?? 'none'}@runpledge>`,
    subject,
    text: `New on your team ${teamName}:\n\n${names.map((n) => `- ${n}`).join('\n')}\n\nSee the team:\n${teamUrl}`,
    html:
      `<p>New on your team ${escapeHtml(teamName)}:</p><ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` +
      `<p>See the <a href="${escapeHtml(teamUrl)}">team</a>.</p>`,
  };
}
