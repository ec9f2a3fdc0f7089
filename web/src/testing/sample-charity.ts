import type { Charity, CharityPageResponse } from '@runpledge/contracts';

/** A listed charity as the API answers it to a visitor; `overrides` replace any field. */
export function sampleCharity(overrides: Partial<Charity> = {}): Charity {
  return {
    id: '6f1f7c1e-2f0e-4e43-9a3c-3a4c8f6c2d11',
    slug: 'rivers',
    name: 'Rivers Trust',
    website: 'https://www.rivers.org.uk',
    registeredNumber: null,
    country: 'GB',
    mission: 'Clean rivers for everyone',
    verified: true,
    totals: [],
    runnerCount: 0,
    teamCount: 0,
    miles: 0,
    isStaff: false,
    ...overrides,
  };
}

/** GET /api/charities/{slug} for `charity`, with no runners, teams or races unless given. */
export function sampleCharityPage(
  charity: Charity = sampleCharity(),
  overrides: Partial<CharityPageResponse> = {},
): CharityPageResponse {
  return { charity, runners: [], teams: [], events: [], page: 1, totalPages: 1, ...overrides };
}
