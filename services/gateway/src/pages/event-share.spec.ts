import { describe, expect, it } from '@jest/globals';
import type { RaceEvent } from '@runpledge/contracts';
import { eventShareCardContent } from './share-card.content.js';
import { eventCardPath, eventSlugOf } from './share-previews.service.js';
import { eventShareTags, renderShareTags } from './share-tags.js';

const event: RaceEvent = {
  id: '4a0e2b7c-1d3f-4e5a-9b6c-7d8e9f0a1b2c',
  slug: 'tcs-london-marathon-2099',
  name: 'TCS London Marathon <2099>',
  city: 'London',
  country: 'GB',
  date: '2099-04-26',
  timeZone: 'Europe/London',
  totals: [
    { currency: 'USD', raised: '250.00', donors: 5 },
    { currency: 'GBP', raised: '1500.00', donors: 30 },
  ],
  runnerCount: 2,
  teamCount: 0,
  miles: 321.5,
  verified: true,
};

describe("an event page's share tags and card", () => {
  it('finds the event in its address only', () => {
    expect(eventSlugOf('/events/tcs-london-marathon-2099')).toBe('tcs-london-marathon-2099');
    expect(eventSlugOf('/events/x/og-image.png')).toBeUndefined();
    expect(eventSlugOf('/teams/x')).toBeUndefined();
  });

  it('names the event, its runners, its address and its versioned card, escaped', () => {
    const html = renderShareTags(eventShareTags(event, 'https://runpledge.org', eventCardPath(event.slug, 'v1')));
    expect(html).toContain(
      '<meta property="og:title" content="TCS London Marathon &lt;2099&gt;: 2 runners running for a cause" />',
    );
    expect(html).toContain(
      '<meta property="og:url" content="https://runpledge.org/events/tcs-london-marathon-2099" />',
    );
    expect(html).toContain('https://runpledge.org/api/events/tcs-london-marathon-2099/og-image.png?v=v1');
    expect(html).toContain('twitter:card');
  });

  it('draws what was raised in the currency most raised in', () => {
    const content = eventShareCardContent(event, 'https://runpledge.org');
    expect(content.pageAddress).toBe('runpledge.org/events/tcs-london-marathon-2099');
    expect(content.fundraising).toMatchObject({ kind: 'raised', donors: 30 });
    expect(eventShareCardContent({ ...event, totals: [] }, 'https://runpledge.org').fundraising).toEqual({
      kind: 'none',
    });
  });
});
