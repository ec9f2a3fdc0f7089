import { describe, expect, it } from '@jest/globals';
import { MAIL, PROFILES_EVENTS } from '@runpledge/contracts';
import { NATS_PROCESSES, natsPermissions } from './nats-trust.js';
import { eventSubject, rpcSubject } from './subject.js';

/** Whether a NATS subject matches one of these patterns (`*` one token, `>` the rest). */
function allowed(subject: string, patterns: string[]): boolean {
  const tokens = subject.split('.');
  return patterns.some((pattern) => {
    const parts = pattern.split('.');
    for (let i = 0; i < parts.length; i += 1) {
      if (parts[i] === '>') return tokens.length > i;
      if (tokens[i] === undefined || (parts[i] !== '*' && parts[i] !== tokens[i])) return false;
    }
    return parts.length === tokens.length;
  });
}

describe('NATS trust of the suppression list', () => {
  it('lets only the gateway ask profiles to put an inbox on the list, and only profiles answer', () => {
    const subject = rpcSubject(MAIL.suppress, '');
    const requesters = NATS_PROCESSES.filter((p) => allowed(subject, natsPermissions(p).publish.allow));
    expect(requesters).toEqual(['gateway']);
    const listeners = NATS_PROCESSES.filter((p) => allowed(subject, natsPermissions(p).subscribe.allow));
    expect(listeners).toEqual(['profiles']);
  });

  it('lets only profiles announce a suppressed inbox', () => {
    const subject = eventSubject(PROFILES_EVENTS.inboxSuppressed.type, '');
    const publishers = NATS_PROCESSES.filter((p) => allowed(subject, natsPermissions(p).publish.allow));
    // The operator replays parked events of any service (npm run events:dlq).
    expect(publishers.sort()).toEqual(['operator', 'profiles', 'profiles-worker']);
  });
});
