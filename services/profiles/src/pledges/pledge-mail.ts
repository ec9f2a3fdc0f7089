import { formatFinishTime, formatMoney, oneLine, type DistanceUnit } from '@runpledge/contracts';
import type { OutgoingMail } from '@runpledge/server-kit';
import escapeHtml from 'escape-html';

/** The supporter's own links: each mail carries a fresh token good for its pledge only. */
export interface PledgeLinks {
  paidUrl: string;
  cancelUrl: string;
  unsubscribeUrl: string;
}

export interface PledgeMailFacts {
  pledgeId: string;
  to: string;
  supporterName: string;
  runnerName: string;
  pageUrl: string;
  ratePerUnit: number;
  unit: DistanceUnit;
  cap: number | null;
  counts: 'training' | 'race';
  currency: string;
  links: PledgeLinks;
}

/** An amount to give, always to the cent ($4.00): what the supporter types on the platform. */
export function formatDue(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(amount);
}

/**
 * The amount to fill in on the runner's donate page: what the pledge earned, when the page still
 * raises in the pledge's currency (a page that moved to pounds must not be handed 100 for SEK 100).
 */
export function donateAmount(earned: number, pledgeCurrency: string, pageCurrency: string): number | undefined {
  return earned > 0 && pledgeCurrency === pageCurrency ? earned : undefined;
}

const unitWord = (unit: DistanceUnit) => (unit === 'mi' ? 'mile' : 'km');

function describe(p: PledgeMailFacts): string {
  const rate = `${formatMoney(p.ratePerUnit, p.currency)} per ${unitWord(p.unit)}`;
  const what = p.counts === 'race' ? 'of the marathon' : 'of their training runs until race day';
  const cap = p.cap === null ? '' : `, up to ${formatMoney(p.cap, p.currency)}`;
  return `${rate} ${what}${cap}`;
}

function footer(links: PledgeLinks): { text: string; html: string } {
  return {
    text: `\n\nNo more mails about this pledge, or none from RunPledge at all: ${links.unsubscribeUrl}`,
    html: `<p style="font-size:small"><a href="${escapeHtml(links.unsubscribeUrl)}">Stop mails about this pledge, or all mail from RunPledge</a></p>`,
  };
}

/** The confirmation: the pledge counts only once its link is followed (within 48 hours). */
export function pledgeConfirmationMail(p: PledgeMailFacts, confirmUrl: string): OutgoingMail {
  const runner = oneLine(p.runnerName).trim();
  const f = footer(p.links);
  return {
    to: p.to,
    link: confirmUrl,
    messageId: `<pledge-confirm-${p.pledgeId}@runpledge>`,
    subject: `Confirm your pledge to ${runner}`,
    text:
      `Hello ${oneLine(p.supporterName).trim()},\n\nYou pledged ${describe(p)} to ${runner} (${p.pageUrl}).` +
      `\n\nConfirm it within 48 hours so it counts:\n${confirmUrl}` +
      `\n\nChanged your mind? Cancel it:\n${p.links.cancelUrl}${f.text}`,
    html:
      `<p>Hello ${escapeHtml(oneLine(p.supporterName).trim())},</p>` +
      `<p>You pledged ${escapeHtml(describe(p))} to <a href="${escapeHtml(p.pageUrl)}">${escapeHtml(runner)}</a>.</p>` +
      `<p><a href="${escapeHtml(confirmUrl)}">Confirm your pledge</a> within 48 hours so it counts.</p>` +
      `<p>Changed your mind? <a href="${escapeHtml(p.links.cancelUrl)}">Cancel it</a>.</p>${f.html}`,
  };
}

export interface DueFacts {
  earned: number;
  distanceCounted: number;
  /** The runner's donate page, with the amount filled in where the platform takes one; null without one. */
  donateUrl: string | null;
  /** 0 for the mail when it falls due, then 1 and 2 for the reminders. */
  reminder: number;
  /** The runner's recorded finish time in seconds, when a finish made the pledge fall due; else absent. */
  finishSeconds?: number | null;
}

/** The pledge fell due (or a reminder of it): the amount, where to give it, and the supporter's links. */
export function pledgeDueMail(p: PledgeMailFacts, due: DueFacts): OutgoingMail {
  const runner = oneLine(p.runnerName).trim();
  const amount = formatDue(due.earned, p.currency);
  const distance = `${due.distanceCounted.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${p.unit}`;
  const f = footer(p.links);
  const reminder = due.reminder > 0;
  const finished =
    !reminder && typeof due.finishSeconds === 'number'
      ? `${runner} finished the marathon in ${formatFinishTime(due.finishSeconds)}! `
      : '';
  const donate =
    due.earned === 0
      ? {
          text: '\n\nNo runs counted for your pledge: there is nothing to give.',
          html: '<p>No runs counted for your pledge: there is nothing to give.</p>',
        }
      : due.donateUrl
        ? {
            text: `\n\nGive ${amount} on ${runner}'s fundraising page:\n${due.donateUrl}`,
            html: `<p><a href="${escapeHtml(due.donateUrl)}">Give ${amount} on ${escapeHtml(runner)}'s fundraising page</a></p>`,
          }
        : {
            text: `\n\nPlease give ${amount} to ${runner}'s fundraiser.`,
            html: `<p>Please give ${amount} to ${escapeHtml(runner)}'s fundraiser.</p>`,
          };
  return {
    to: p.to,
    link: due.donateUrl ?? p.links.paidUrl,
    messageId: `<pledge-due-${p.pledgeId}-${due.reminder}@runpledge>`,
    subject: reminder
      ? `Reminder: your pledge to ${runner} is ${amount}`
      : finished
        ? `${runner} finished in ${formatFinishTime(due.finishSeconds!)}: your pledge is ${amount}`
        : `${runner} ran ${distance}: your pledge is ${amount}`,
    text:
      `Hello ${oneLine(p.supporterName).trim()},\n\n${finished}${reminder ? 'A reminder: ' : ''}${runner} ran ${distance} for your pledge of ${describe(p)}. ` +
      `Your pledge comes to ${amount}.${donate.text}` +
      `\n\nDone? Tell ${runner} you've paid:\n${p.links.paidUrl}` +
      `\n\nCancel this pledge:\n${p.links.cancelUrl}${f.text}`,
    html:
      `<p>Hello ${escapeHtml(oneLine(p.supporterName).trim())},</p>` +
      `<p>${escapeHtml(finished)}${reminder ? 'A reminder: ' : ''}${escapeHtml(runner)} ran ${escapeHtml(distance)} for your pledge of ${escapeHtml(describe(p))}. ` +
      `Your pledge comes to <strong>${amount}</strong>.</p>${donate.html}` +
      `<p><a href="${escapeHtml(p.links.paidUrl)}">I've paid</a> &middot; <a href="${escapeHtml(p.links.cancelUrl)}">Cancel this pledge</a></p>${f.html}`,
  };
}
