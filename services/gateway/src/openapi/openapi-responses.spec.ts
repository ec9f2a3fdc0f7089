import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { undocumentedResponse } from '../../test/support/openapi-responses.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { API_OPERATIONS } from './operations.js';

// The helper the integration tests' apiClient runs on every answer: it must accept what the
// contracts describe and refuse anything else.
describe('responses against /api/openapi.json', () => {
  const fitnessProfile = {
    stravaConnected: true,
    trainingStartDate: '2026-06-01',
    needsReconnect: false,
    lastSyncedAt: null,
    publicDisplayConsent: true,
  };

  it('documents response bodies from the contracts schemas', () => {
    const document = buildOpenApiDocument('http://localhost') as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    expect(document.paths['/api/fitness-profile/{profileId}']?.get?.responses['2XX']?.content).toMatchObject({
      'application/json': { schema: { type: 'object', required: expect.arrayContaining(['stravaConnected']) } },
    });
  });

  it('says what every operation answers: a contracts schema, or a media type, redirect or no body', () => {
    const vague = API_OPERATIONS.filter((op) => (op.response === undefined) === (op.answers === undefined));
    expect(vague.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const document = buildOpenApiDocument('http://localhost') as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const card = document.paths['/api/og-image.png']?.get?.responses;
    expect(Object.keys(card?.['200']?.content ?? {})).toEqual(['image/png']);
    expect(document.paths['/api/strava/callback']?.get?.responses).toHaveProperty('302');
    expect(document.paths['/api/runner-profile/{id}/events']?.post?.responses).toHaveProperty('204');
  });

  it('accepts a matching answer and refuses a missing, mistyped or undocumented field', () => {
    const url = `/api/fitness-profile/${randomUUID()}`;
    expect(undocumentedResponse('GET', url, 200, fitnessProfile)).toBeUndefined();
    expect(undocumentedResponse('GET', url, 200, { ...fitnessProfile, stravaConnected: undefined })).toMatch(
      /stravaConnected/,
    );
    expect(undocumentedResponse('GET', url, 200, { ...fitnessProfile, needsReconnect: 'no' })).toMatch(/boolean/);
    expect(undocumentedResponse('GET', url, 200, { ...fitnessProfile, accessToken: 'x' })).toMatch(
      /additionalProperties/,
    );
    // Errors and operations without a documented body are not checked here.
    expect(undocumentedResponse('GET', url, 404, { message: 'Not found' })).toBeUndefined();
    expect(undocumentedResponse('GET', '/api/og-image.png', 200, { anything: 1 })).toBeUndefined();
    expect(undocumentedResponse('GET', '/api/health/live', 200, { anything: 1 })).toMatch(
      /additionalProperties|status/,
    );
    expect(undocumentedResponse('GET', '/api/subscription/config?x=1', 200, { testMode: 'yes' })).toMatch(/boolean/);
  });

  it('checks the identity, billing and fitness answers typed in the RPC tables', () => {
    const user = { id: randomUUID(), email: 'a@example.com', emailVerified: true, createdAt: new Date().toISOString() };
    expect(undocumentedResponse('GET', '/api/auth/me', 200, { user })).toBeUndefined();
    // A session token in the body would be a leak: the answer carries the user only.
    expect(undocumentedResponse('POST', '/api/auth/signin', 200, { user, sessionToken: 'x' })).toMatch(
      /additionalProperties/,
    );
    expect(undocumentedResponse('POST', '/api/subscription/create-checkout', 200, { url: 'not a url' })).toMatch(
      /url|lifetimeAccess/,
    );
    expect(undocumentedResponse('POST', '/api/webhooks/stripe', 200, { received: true })).toBeUndefined();
    expect(undocumentedResponse('DELETE', `/api/activities/${randomUUID()}`, 200, { success: false })).toMatch(
      /success|const/,
    );
  });
});
