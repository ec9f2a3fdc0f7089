import type { OutgoingMail } from '@runpledge/server-kit';

export function trialEndingMail(to: string, trialEndsAt: Date, manageUrl: string): OutgoingMail {
  const day = trialEndsAt.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    to,
    link: manageUrl,
    subject: 'Your RunPledge free trial ends soon',
    text: `Your 30-day free trial of RunPledge ends on ${day}.\n\nAfter that your subscription continues at $5/month and your fundraising page stays live. Nothing to do if that is what you want.\n\nTo update your card or cancel, use Manage billing on your dashboard:\n${manageUrl}`,
    html: `<p>Your 30-day free trial of RunPledge ends on <strong>${day}</strong>.</p><p>After that your subscription continues at $5/month and your fundraising page stays live. Nothing to do if that is what you want.</p><p>To update your card or cancel, use <a href="${manageUrl}">Manage billing</a> on your dashboard.</p>`,
  };
}
