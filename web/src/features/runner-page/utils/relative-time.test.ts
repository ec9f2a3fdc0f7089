// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { updatedAgo } from './relative-time';

describe('updatedAgo', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('says how long ago the totals were read', () => {
    expect(updatedAgo('2026-11-24T11:59:50Z', now)).toBe('updated just now');
    expect(updatedAgo('2026-11-24T11:55:00Z', now)).toBe('updated 5 minutes ago');
    expect(updatedAgo('2026-11-24T09:00:00Z', now)).toBe('updated 3 hours ago');
    expect(updatedAgo('2026-11-23T12:00:00Z', now)).toBe('updated yesterday');
  });
});
