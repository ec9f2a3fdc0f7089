import type { Team, TeamMember } from '@runpledge/contracts';

/** A team as GET /api/teams/{slug} answers it; `overrides` replace any field. */
export function sampleTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    slug: 'sick-kids',
    name: 'Sick Kids Runners',
    story: 'We run Chicago for the children’s hospital.',
    charityName: 'Children’s Hospital',
    marathonName: 'Chicago Marathon',
    marathonDate: '2099-10-12',
    currency: 'USD',
    goalAmount: '10000.00',
    raised: '2500.00',
    donors: 40,
    miles: 321.46,
    memberCount: 2,
    joinRule: 'open',
    captain: { name: 'Jane Doe', pageSlug: 'jane-runs' },
    isCaptain: false,
    ...overrides,
  };
}

export function sampleMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    runnerProfileId: '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60',
    pageSlug: 'jane-runs',
    name: 'Jane Doe',
    raised: '2000.00',
    currency: 'USD',
    donors: 30,
    miles: 200.5,
    percentOfGoal: 20,
    status: 'member',
    isCaptain: true,
    joinedAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export const secondMember = () =>
  sampleMember({
    runnerProfileId: '1c7a3e0f-7b63-4d2f-8a68-4e2d3c5b6a71',
    pageSlug: 'sam-runs',
    name: 'Sam Lee',
    raised: '500.00',
    donors: 10,
    miles: 120.96,
    percentOfGoal: 5,
    isCaptain: false,
  });
