import type { OutgoingMail } from '@runpledge/server-kit';

export function verificationMail(to: string, link: string): OutgoingMail {
  return {
    to,
    link,
    subject: 'Confirm your e-mail for RunPledge',
    text: `Welcome to RunPledge!\n\nConfirm your e-mail address to finish setting up your fundraising page:\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.`,
    html: `<p>Welcome to RunPledge!</p><p>Confirm your e-mail address to finish setting up your fundraising page:</p><p><a href="${link}">Confirm my e-mail</a></p><p>The link works once and expires in 24 hours. If you did not sign up, ignore this message.</p>`,
  };
}
