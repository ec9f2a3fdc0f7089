import { describe, expect, it } from '@jest/globals';
import { metersToMiles } from './to-team.util.js';

describe('to-team', () => {
  it('shows meters as miles with two decimals', () => {
    expect(metersToMiles(16093.44)).toBe(10);
    expect(metersToMiles(5000)).toBe(3.11);
    expect(metersToMiles(0)).toBe(0);
  });
});
