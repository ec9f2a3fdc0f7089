import { formatFinishTime, oneLine } from '@runpledge/contracts';
import type { OutgoingMail } from '@runpledge/server-kit';
import escapeHtml from 'escape-html';

/** What every race-day mail says about whom it goes to and whose race it is. */
export interface RaceMailFacts {
  to: string;
  /** The recipient's name, when they gave one. */
  name: string | null;
  runnerName: string;
  marathonName: string;
  pageUrl: string;
  /** The "no more mail from RunPledge" link of this mail. */
  stopUrl: string;
  /** Names the mail (`<race-finish-{recipient}@runpledge>`): one recipient, one mail of a kind. */
  messageKey: string;
}

function greeting(f: RaceMailFacts): { text: string; html: string } {
  const name = f.name ? oneLine(f.name).trim() : '';
  return name ? { text: `Hello ${name},\n\n`, html: `<p>Hello ${escapeHtml(name)},</p>` } : { text: '', html: '' };
}

function footer(f: RaceMailFacts): { text: string; html: string } {
  return {
    text: `\n\nNo more mail from RunPledge to this address: ${f.stopUrl}`,
    html: `<p style="font-size:small"><a href="${escapeHtml(f.stopUrl)}">No more mail from RunPledge to this address</a></p>`,
  };
}

/** `Lines\nkept` as HTML paragraphs' text, escaped. */
const plainToHtml = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

function mail(f: RaceMailFacts, kind: string, subject: string, body: string, link: string): OutgoingMail {
  const hello = greeting(f);
  const end = footer(f);
  return {
    to: f.to,
    link,
    messageId: `<race-${kind}-${f.messageKey.replace(/[^A-Za-z0-9.-]/g, '-')}@runpledge>`,
    subject,
    text: `${hello.text}${body}${end.text}`,
    html: `${hello.html}<p>${plainToHtml(body)}</p>${end.html}`,
  };
}

/** The follow's confirmation: the follower hears nothing more until its link is followed (48 hours). */
export function followConfirmationMail(f: RaceMailFacts, confirmUrl: string): OutgoingMail {
  const runner = oneLine(f.runnerName).trim();
  return mail(
    f,
    'follow-confirm',
    `Confirm you follow ${runner}'s race`,
    `You asked to follow ${runner} at ${oneLine(f.marathonName).trim()} (${f.pageUrl}): a mail on race morning, ` +
      `one when ${runner} finishes, and ${runner}'s thank-you. Nothing else.\n\n` +
      `Confirm within 48 hours:\n${confirmUrl}\n\nDid not ask? Ignore this mail: nothing more will come.`,
    confirmUrl,
  );
}

/** Race-day morning: "Today's the day". */
export function raceMorningMail(f: RaceMailFacts): OutgoingMail {
  const runner = oneLine(f.runnerName).trim();
  return mail(
    f,
    'morning',
    `Today's the day: ${runner} runs ${oneLine(f.marathonName).trim()}`,
    `Today's the day: ${runner} runs ${oneLine(f.marathonName).trim()}. Cheer them on, and follow along:\n${f.pageUrl}`,
    f.pageUrl,
  );
}

/** The finish, with the time. */
export function finishMail(f: RaceMailFacts, finishSeconds: number): OutgoingMail {
  const runner = oneLine(f.runnerName).trim();
  const time = formatFinishTime(finishSeconds);
  return mail(
    f,
    'finish',
    `${runner} finished ${oneLine(f.marathonName).trim()} in ${time}`,
    `${runner} finished ${oneLine(f.marathonName).trim()} in ${time}!\n\nSee the page:\n${f.pageUrl}`,
    f.pageUrl,
  );
}

/** The runner's thank-you: their words as they wrote them (plain text). */
export function thankYouMail(f: RaceMailFacts, message: string): OutgoingMail {
  const runner = oneLine(f.runnerName).trim();
  return mail(
    f,
    'thank-you',
    `A thank-you from ${runner}`,
    `${runner} writes:\n\n${message}\n\n${f.pageUrl}`,
    f.pageUrl,
  );
}
