import type { OutgoingMail } from '@runpledge/server-kit';

/** To a runner a week before the runner place a charity gave them ends. */
export function seatEndingMail(to: string, endsAt: Date, manageUrl: string): OutgoingMail {
  const day = endsAt.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    to,
    link: manageUrl,
    subject: 'Your charity runner place ends soon',
    text: `The runner place your charity gave you on RunPledge ends on ${day}.\n\nAfter that your page stays live only with a subscription or trial of your own. To keep it live, subscribe from your dashboard:\n${manageUrl}`,
    html: `<p>The runner place your charity gave you on RunPledge ends on <strong>${day}</strong>.</p><p>After that your page stays live only with a subscription or trial of your own. To keep it live, subscribe from <a href="${manageUrl}">your dashboard</a>.</p>`,
  };
}
