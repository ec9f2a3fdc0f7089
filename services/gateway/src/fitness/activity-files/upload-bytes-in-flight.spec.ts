import { describe, expect, it } from '@jest/globals';
import { BytesInFlight } from './upload-bytes-in-flight.js';

describe('BytesInFlight', () => {
  it('refuses a runner past their own share, then everyone past the total, and takes back what is released', () => {
    const budget = new BytesInFlight({ perRunnerBytes: 10, totalBytes: 25 });
    const a = budget.reserve('a', 8);
    expect(a).toHaveProperty('release');
    expect(budget.reserve('a', 3)).toEqual({ refused: 'runner' });
    expect(budget.reserve('a', 2)).toHaveProperty('release');
    const b = budget.reserve('b', 10);
    expect(b).toHaveProperty('release');
    expect(budget.reserve('c', 6)).toEqual({ refused: 'total' });
    expect(budget.bytes).toBe(20);
    if ('release' in a) {
      a.release();
      a.release();
    }
    expect(budget.bytes).toBe(12);
    expect(budget.reserve('c', 6)).toHaveProperty('release');
    expect(budget.reserve('a', 8)).toEqual({ refused: 'total' });
    expect(budget.reserve('a', 5)).toHaveProperty('release');
  });
});
