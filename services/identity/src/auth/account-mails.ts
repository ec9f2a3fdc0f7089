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

/** Sent to the current address when a change is asked: a hijacker's change does not go unnoticed. */
export function emailChangeAskedMail(to: string, newEmail: string, cancelLink: string): OutgoingMail {
  return {
    to,
    link: cancelLink,
    subject: 'Someone asked to change your RunPledge e-mail',
    text: `Someone signed in to your RunPledge account asked to move it to ${newEmail}. It changes only once that address confirms.\n\nIf this wasn't you, cancel the change and sign out every browser here:\n${cancelLink}\n\nThen reset your password. The link works once and expires in 24 hours.`,
    html: `<p>Someone signed in to your RunPledge account asked to move it to ${escapeHtml(newEmail)}. It changes only once that address confirms.</p><p><a href="${cancelLink}">This wasn't me: cancel the change and sign out everywhere</a></p><p>Then reset your password. The link works once and expires in 24 hours.</p>`,
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
