// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { jsonResponse } from '@/testing/fixtures';
import { describeAuthError } from './auth-errors';

function apiError(status: number, statusText: string, message: string) {
  return new ApiRequestError(jsonResponse(status, {}, statusText), { statusCode: status, error: statusText, message });
}

describe('describeAuthError (spec 8)', () => {
  it('says the account exists and switches to sign-in when sign-up finds one', () => {
    expect(describeAuthError(apiError(409, 'Conflict', 'User already registered'), 'signup')).toEqual({
      title: 'Account exists',
      description: 'An account with this email already exists. Please sign in instead.',
      switchToSignIn: true,
    });
  });

  it('reports other refused sign-ups and sign-ins as authentication errors', () => {
    expect(describeAuthError(apiError(400, 'Bad Request', 'Password is required'), 'signup')).toEqual({
      title: 'Authentication Error',
      description: 'Unable to create account. Please try again.',
    });
    expect(describeAuthError(apiError(401, 'Unauthorized', 'Invalid login credentials'), 'signin')).toEqual({
      title: 'Authentication Error',
      description: 'Invalid credentials. Please check your email and password.',
    });
  });

  it('asks to wait after too many attempts', () => {
    expect(describeAuthError(apiError(429, 'Too Many Requests', 'Too many requests'), 'signin').title).toBe(
      'Too many attempts',
    );
  });

  it('reports network and server failures as unexpected', () => {
    const unexpected = { title: 'Error', description: 'An unexpected error occurred. Please try again.' };
    expect(describeAuthError(new TypeError('Failed to fetch'), 'signin')).toEqual(unexpected);
    expect(describeAuthError(apiError(500, 'Internal Server Error', 'boom'), 'signup')).toEqual(unexpected);
  });
});
