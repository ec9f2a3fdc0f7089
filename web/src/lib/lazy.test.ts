// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from './lazy';

describe('onFirstUse', () => {
  it('makes nothing until first asked, then makes the value once and keeps it', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
