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

/** One of the signed-in runner's pages as the dashboard lists them (GET /api/recent-profiles). */
export function sampleOwnPage() {
  return {
    id: '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60',
    name: 'Jane Doe',
    urlSlug: 'jane-runs',
    marathonName: 'Chicago Marathon',
    marathonDate: '2099-10-12',
    description: 'Running for the children’s hospital.',
    fundsRaised: '250.00',
    fundraisingGoal: '1000.00',
    fundraisingCurrency: 'USD',
    published: true,
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
