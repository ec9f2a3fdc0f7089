import { describe, expect, it } from '@jest/globals';
import { durableName, eventStreamName, eventSubject, rpcSubject } from './subject.js';

describe('subject naming', () => {
  it('serves a pattern on its own name when no prefix is set', () => {
    expect(rpcSubject('identity.health.ping', '')).toBe('identity.health.ping');
    expect(eventSubject('identity.user.registered', '')).toBe('evt.identity.user.registered');
    expect(eventStreamName('')).toBe('DOMAIN_EVENTS');
    expect(durableName('profiles', '')).toBe('profiles');
  });

  it('namespaces subjects, stream and consumers of a run under its prefix', () => {
    expect(rpcSubject('identity.health.ping', 'run42.')).toBe('run42.identity.health.ping');
    expect(eventSubject('identity.user.registered', 'run42.')).toBe('run42.evt.identity.user.registered');
    expect(eventStreamName('run42.')).toBe('RUN42_DOMAIN_EVENTS');
    expect(durableName('profiles', 'run42.')).toBe('run42_profiles');
  });

  it('keeps event subjects apart from request-reply subjects', () => {
    expect(eventSubject('identity.user.registered', '').startsWith('identity.')).toBe(false);
  });
});
