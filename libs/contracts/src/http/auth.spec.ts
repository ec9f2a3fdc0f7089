import { describe, expect, it } from '@jest/globals';
import { signInRequestSchema, signUpRequestSchema } from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('sign-up rules (spec 5)', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['runner.example.com', 'Please enter a valid email address'],
  ])('refuses the e-mail %j with %j', (email, message) => {
    expect(firstMessage(signUpRequestSchema.safeParse({ email, password: 'Secret123' }))).toBe(message);
  });

  it.each([
    ['', 'Password is required'],
    ['Sh0rt', 'Password must be at least 8 characters long'],
    ['NOLOWER123', 'Password must contain at least one lowercase letter'],
    ['noupper123', 'Password must contain at least one uppercase letter'],
    ['NoNumberHere', 'Password must contain at least one number'],
  ])('refuses the password %j with %j', (password, message) => {
    expect(firstMessage(signUpRequestSchema.safeParse({ email: 'a@b.co', password }))).toBe(message);
  });

  it('trims and lowercases the e-mail of an accepted sign-up', () => {
    expect(signUpRequestSchema.parse({ email: '  Jane@Example.COM ', password: 'Secret123' })).toEqual({
      email: 'jane@example.com',
      password: 'Secret123',
    });
  });

  it('does not apply the sign-up password rules to sign-in', () => {
    expect(signInRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});
