import { describe, expect, it } from '@jest/globals';
import {
  CHARITY_PAGE_DATA_ELEMENT_ID,
  EVENT_PAGE_DATA_ELEMENT_ID,
  RUNNER_PAGE_DATA_ELEMENT_ID,
  type CharityPageResponse,
  type EventPageResponse,
  type PublicProfileView,
} from '@runpledge/contracts';
import { publicCharity, publicEvent } from '../../test/support/share-fixtures.js';
import { charityPageDataScript, eventPageDataScript, jsonForScript, runnerPageDataScript } from './page-data.js';

/** The JSON of a data script with `id`, which must be the whole element. */
function embeddedIn(script: string, id: string): unknown {
  const match = new RegExp(`^<script id="${id}" type="application/json">(.*)</script>$`).exec(script);
  return JSON.parse(match![1]!);
}

const charityPage = (isStaff = false): CharityPageResponse => ({
  charity: publicCharity({ mission: 'Care close to home.</script><script>alert(1)</script><!--', isStaff }),
  runners: [],
  teams: [],
  events: [{ slug: null, name: 'A local 10k <b>', date: null, runnerCount: 1 }],
  page: 1,
  totalPages: 1,
});

const eventPage: EventPageResponse = {
  event: publicEvent({ name: 'TCS London Marathon </script>' }),
  runners: [],
  teams: [],
  charities: [],
  page: 1,
  totalPages: 1,
};

describe('public page data in the HTML', () => {
  it('cannot close its script element or open a comment, whatever the runner wrote', () => {
    const story = '</script><script>alert(1)</script><!-- & \u2028';
    const json = jsonForScript({ story });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ story });
  });

  it("carries the page as a visitor sees it (no userId), under the contract's element id", () => {
    const view = { id: 'p1', urlSlug: 'jane-runs', name: 'Jane </script>', userId: 'u1', published: true };
    const script = runnerPageDataScript(view as unknown as PublicProfileView);
    const { userId: _owner, ...visible } = view;
    expect(embeddedIn(script, RUNNER_PAGE_DATA_ELEMENT_ID)).toEqual({
      slug: 'jane-runs',
      profile: { ...visible, isOwner: false },
    });
  });

  it("carries a charity's page as a visitor reads it, its mission unable to close the element", () => {
    const script = charityPageDataScript(charityPage());
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('<!--');
    expect(embeddedIn(script, CHARITY_PAGE_DATA_ELEMENT_ID)).toEqual({ slug: 'sick-kids', charity: charityPage() });
  });

  it("never embeds a staff member's view of the charity: isStaff is false in it", () => {
    const embedded = embeddedIn(charityPageDataScript(charityPage(true)), CHARITY_PAGE_DATA_ELEMENT_ID);
    expect(embedded).toEqual({ slug: 'sick-kids', charity: charityPage(false) });
  });

  it("carries an event's page under its own element id, JSON-safe", () => {
    const script = eventPageDataScript(eventPage);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(embeddedIn(script, EVENT_PAGE_DATA_ELEMENT_ID)).toEqual({
      slug: 'tcs-london-marathon-2099',
      event: eventPage,
    });
  });
});
