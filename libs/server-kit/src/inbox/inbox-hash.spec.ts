import { describe, expect, it } from '@jest/globals';
import { inboxHash } from './inbox-hash.js';

describe('the hash of an inbox', () => {
  it('is one for every spelling of the inbox and holds no part of the address', () => {
    const key = inboxHash('victimx@gmail.com');
    expect(inboxHash('VICTIM.x+y@googlemail.com')).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(inboxHash('victim@example.com')).not.toBe(key);
  });
});
