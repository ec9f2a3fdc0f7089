import type { User } from '@runpledge/contracts';
import type { SignupFormData } from '@/lib/signup-form-storage';

export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: '5b4a3c1e-8f2d-4e6a-9b7c-0d1e2f3a4b5c',
    email: 'jane@example.com',
    emailVerified: false,
    createdAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export function sampleSignupForm(overrides: Partial<SignupFormData> = {}): SignupFormData {
  return {
    url_slug: 'jane-runs-chicago',
    name: 'Jane Doe',
    marathon_name: 'Chicago Marathon',
    marathon_date: '2099-10-12',
    goal_hours: 3,
    goal_minutes: 45,
    donation_platform: 'justgiving',
    charity_link: 'https://www.justgiving.com/fundraising/jane-runs',
    description: 'Running for the children’s hospital that looked after my son.',
    challenges: [{ amount: 50, description: 'Run a mile in a banana suit', isExclusive: false }],
    hakuFundraisingPage: '',
    donorDriveEventUrl: '',
    donorDriveParticipantId: '',
    justGivingPageShortName: 'jane-runs',
    ...overrides,
  };
}

/** A JSON response as the gateway answers, e.g. `jsonResponse(409, {statusCode: 409, …}, 'Conflict')`. */
export function jsonResponse(status: number, body?: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}
