import type { OutgoingMail } from '@runpledge/server-kit';

export function passwordResetMail(to: string, link: string): OutgoingMail {
  return {
    to,
    link,
    subject: 'Reset your RunPledge password',
    text: `Someone asked to reset the password of your RunPledge account.\n\nChoose a new password here:\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays the same.`,
    html: `<p>Someone asked to reset the password of your RunPledge account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays the same.</p>`,
  };
}

export function emailChangeMail(to: string, link: string): OutgoingMail {
  return {
    to,
    link,
    subject: 'Confirm your new e-mail for RunPledge',
    text: `Confirm that RunPledge should use this address for your account from now on:\n${link}\n\nThe link works once and expires in 24 hours. If you did not ask for this change, ignore this message.`,
    html: `<p>Confirm that RunPledge should use this address for your account from now on:</p><p><a href="${link}">Confirm my new e-mail</a></p><p>The link works once and expires in 24 hours. If you did not ask for this change, ignore this message.</p>`,
  };
}

/** Sent to the old address once a change is confirmed, so a hijack does not go unnoticed. */
export function emailChangedNoticeMail(to: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Your RunPledge e-mail was changed',
    text: `The e-mail of your RunPledge account is now ${newEmail}. If you did not make this change, reset your password and contact us.`,
    html: `<p>The e-mail of your RunPledge account is now ${escapeHtml(newEmail)}. If you did not make this change, reset your password and contact us.</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
