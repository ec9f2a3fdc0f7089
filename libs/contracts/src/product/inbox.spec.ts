import { describe, expect, it } from '@jest/globals';
import { normalizeInbox } from './inbox.js';

describe('the inbox an address reaches', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizeInbox('  Victim@Example.COM ')).toBe('victim@example.com');
  });

  it('drops a +tag, whatever the domain', () => {
    for (const address of ['victim+1@example.com', 'victim+2@example.com', 'VICTIM+a+b@example.com'])
      expect(normalizeInbox(address)).toBe('victim@example.com');
  });

  it('keeps dots elsewhere: they name another mailbox there', () => {
    expect(normalizeInbox('first.last+x@example.com')).toBe('first.last@example.com');
  });

  it('drops the dots of gmail.com and googlemail.com, which are one domain', () => {
    for (const address of [
      'victim.x+y@gmail.com',
      'VICTIM.x+y@googlemail.com',
      'v.i.c.t.i.m.x@GMail.com',
      'victimx@gmail.com.',
    ])
      expect(normalizeInbox(address)).toBe('victimx@gmail.com');
  });

  it('keeps a local part that is only a tag or only dots as written', () => {
    expect(normalizeInbox('+tag@example.com')).toBe('+tag@example.com');
    expect(normalizeInbox('...@gmail.com')).toBe('...@gmail.com');
  });

  it('leaves something that is not an address as it is, lowercased', () => {
    expect(normalizeInbox('no-at-sign')).toBe('no-at-sign');
    expect(normalizeInbox('@example.com')).toBe('@example.com');
  });
});
