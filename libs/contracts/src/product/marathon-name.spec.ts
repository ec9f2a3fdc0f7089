import { describe, expect, it } from '@jest/globals';
import { theMarathon } from './marathon-name.js';

describe('theMarathon', () => {
  it('adds "the" once', () => {
    expect(theMarathon('Chicago Marathon')).toBe('the Chicago Marathon');
    expect(theMarathon('The Boston Marathon')).toBe('The Boston Marathon');
    expect(theMarathon('the London Marathon')).toBe('the London Marathon');
    expect(theMarathon('Theodore Trail Run')).toBe('the Theodore Trail Run');
  });
});
