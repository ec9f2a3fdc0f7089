import { describe, expect, it } from '@jest/globals';
import { claimChallengeRequestSchema } from './challenge-claims.js';
import { encouragementRequestSchema } from './encouragement.js';

describe("a supporter's name", () => {
  it('is kept on one line: line breaks and runs of spaces become one space', () => {
    const name = ' Eve\n\nSubject: you won\u2028 \tprize ';
    expect(claimChallengeRequestSchema.parse({ name }).name).toBe('Eve Subject: you won prize');
    expect(
      encouragementRequestSchema.parse({ runnerProfileId: crypto.randomUUID(), senderName: name, message: 'Go!' })
        .senderName,
    ).toBe('Eve Subject: you won prize');
  });

  it('of only line breaks is missing, with the spec words', () => {
    const parsed = claimChallengeRequestSchema.safeParse({ name: '\n\n' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Please enter your name');
  });
});
