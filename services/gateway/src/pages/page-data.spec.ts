import { describe, expect, it } from '@jest/globals';
import { RUNNER_PAGE_DATA_ELEMENT_ID, type PublicProfileView } from '@runpledge/contracts';
import { jsonForScript, runnerPageDataScript } from './page-data.js';

describe('runner page data in the HTML', () => {
  it('cannot close its script element or open a comment, whatever the runner wrote', () => {
    const story = '</script><script>alert(1)</script><!-- & \u2028';
    const json = jsonForScript({ story });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ story });
  });

  it("carries the page as a visitor sees it (no userId), under the contract's element id", () => {
    const view = { id: 'p1', urlSlug: 'jane-runs', name: 'Jane </script>', userId: 'u1', published: true };
    const script = runnerPageDataScript(view as unknown as PublicProfileView);
    const match = new RegExp(
      `^<script id="${RUNNER_PAGE_DATA_ELEMENT_ID}" type="application/json">(.*)</script>$`,
    ).exec(script);
    const { userId: _owner, ...visible } = view;
    expect(JSON.parse(match![1]!)).toEqual({ slug: 'jane-runs', profile: { ...visible, isOwner: false } });
  });
});
