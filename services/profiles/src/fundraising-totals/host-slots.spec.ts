import { describe, expect, it } from '@jest/globals';
import { HostSlots } from './host-slots.js';

describe('HostSlots', () => {
  it('lets one host hold at most the limit while other hosts still get slots', () => {
    const slots = new HostSlots(2);
    const first = slots.take('slow.example.org');
    const second = slots.take('SLOW.example.org');
    expect(first && second).toBeDefined();
    expect(slots.take('slow.example.org')).toBeUndefined();
    expect(slots.take('api.justgiving.com')).toBeDefined();
    first!();
    first!();
    const third = slots.take('slow.example.org');
    expect(third).toBeDefined();
    expect(slots.take('slow.example.org')).toBeUndefined();
  });
});
