import { describe, expect, it } from '@jest/globals';
import type { Logger } from 'pino';
import { inboxHash } from '../inbox/inbox-hash.js';
import type { Mailer, OutgoingMail } from './mailer.js';
import { OptOutMailer, type SuppressionList } from './opt-out-mailer.js';

function setUp(suppressed: string[]) {
  const sent: OutgoingMail[] = [];
  const links: [string, string][] = [];
  const list = {
    isSuppressed: async (hash: string) => suppressed.map(inboxHash).includes(hash),
    recordLink: async (tokenHash: string, hash: string) => void links.push([tokenHash, hash]),
  } satisfies SuppressionList;
  const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) } as unknown as Mailer;
  const logger = { info: () => undefined } as unknown as Logger;
  return { optOut: new OptOutMailer(mailer, list, logger), sent, links };
}

const mail = (to: string): OutgoingMail => ({ to, subject: 'Confirm your pledge', text: 't', html: 'h' });

describe('the sender of pledge, follower and team mails', () => {
  it('sends nothing to an inbox on the suppression list, however the address is written', async () => {
    const { optOut, sent, links } = setUp(['victimx@gmail.com']);
    expect(await optOut.send(mail('Victim.X+pledge@googlemail.com'), 'token-hash')).toBe(false);
    expect(sent).toEqual([]);
    expect(links).toEqual([]);
  });

  it("sends to any other inbox and records the mail's link token against the inbox's hash", async () => {
    const { optOut, sent, links } = setUp(['victimx@gmail.com']);
    expect(await optOut.send(mail('someone@example.com'), 'token-hash')).toBe(true);
    expect(sent.map((m) => m.to)).toEqual(['someone@example.com']);
    expect(links).toEqual([['token-hash', inboxHash('someone@example.com')]]);
  });
});
