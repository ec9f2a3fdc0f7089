import type { RaceEvent } from '@runpledge/contracts';

/** An event of the directory as the API answers it; `overrides` replace any field. */
export function sampleEvent(overrides: Partial<RaceEvent> = {}): RaceEvent {
  return {
    id: '4a0e2b7c-1d3f-4e5a-9b6c-7d8e9f0a1b2c',
    slug: 'tcs-london-marathon-2099',
    name: 'TCS London Marathon',
    city: 'London',
    country: 'GB',
    date: '2099-04-26',
    timeZone: 'Europe/London',
    totals: [],
    runnerCount: 0,
    teamCount: 0,
    miles: 0,
    verified: true,
    ...overrides,
  };
}
