import { describe, expect, it } from '@jest/globals';
import { renderShareTags, runnerShareTags, siteShareTags, siteUrl, summarize, teamShareTags } from './share-tags.js';
import { publicTeam, publishedView } from '../../test/support/share-fixtures.js';

const SITE = 'https://runpledge.example';

/** The content of each meta tag, unescaped as a crawler reads it. */
function metaOf(html: string): Map<string, string> {
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return new Map(
    [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1]!, unescape(m[2]!)]),
  );
}

describe('share tags', () => {
  it('gives a published runner page its own title, description, Open Graph and Twitter card', () => {
    const html = renderShareTags(
      runnerShareTags(publishedView(), SITE, '/api/runner-profile/jane-runs/og-image.png?v=abc'),
    );
    expect(html).toContain('<title>Jane Runner · Chicago Marathon · RunPledge</title>');
    expect(html).toContain('<link rel="canonical" href="https://runpledge.example/jane-runs" />');
    const meta = metaOf(html);
    expect(Object.fromEntries(meta)).toMatchObject({
      description: 'Running for the children’s hospital that looked after my son.',
      'og:site_name': 'RunPledge',
      'og:type': 'profile',
      'og:title': 'Jane Runner is running the Chicago Marathon',
      'og:description': 'Running for the children’s hospital that looked after my son.',
      'og:url': 'https://runpledge.example/jane-runs',
      'og:image': 'https://runpledge.example/api/runner-profile/jane-runs/og-image.png?v=abc',
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Jane Runner is running the Chicago Marathon',
      'twitter:image': 'https://runpledge.example/api/runner-profile/jane-runs/og-image.png?v=abc',
    });
    expect(meta.get('og:image:alt')).toContain('Jane Runner is running the Chicago Marathon');
  });

  it('escapes markup, quotes and ampersands from the profile in text and attributes alike', () => {
    const view = publishedView({
      name: `Jane "JJ" O'Hara <script>alert(1)</script>`,
      marathonName: 'Rock & Roll <b>Marathon</b>',
      description: `Tom & Jerry's "big" run </title><script>alert('x')</script>`,
    });
    const html = renderShareTags(runnerShareTags(view, SITE, '/card.png?v=1&x=2'));
    expect(html).not.toMatch(/<script|<b>|<\/title><script/);
    expect(html).toContain(
      '<title>Jane &quot;JJ&quot; O&#39;Hara &lt;script&gt;alert(1)&lt;/script&gt; · Rock &amp; Roll &lt;b&gt;Marathon&lt;/b&gt; · RunPledge</title>',
    );
    // Every attribute stays closed: each tag is one whole meta element.
    expect(
      html.split('\n').every((line) => /^\s*<(title|meta|link) [^<>]*\/>$|^\s*<title>[^<>]*<\/title>$/.test(line)),
    ).toBe(true);
    const meta = metaOf(html);
    expect(meta.get('og:title')).toBe(
      `Jane "JJ" O'Hara <script>alert(1)</script> is running the Rock & Roll <b>Marathon</b>`,
    );
    expect(meta.get('og:description')).toBe(`Tom & Jerry's "big" run </title><script>alert('x')</script>`);
    expect(meta.get('og:image')).toBe('https://runpledge.example/card.png?v=1&x=2');
  });

  it('gives a team page its own title, story, Open Graph and Twitter card, escaped; a team without a story a sentence', () => {
    const html = renderShareTags(
      teamShareTags(
        publicTeam({ name: 'Tom & Jerry <Runners>' }),
        SITE,
        '/api/teams/sick-kids-chicago/og-image.png?v=t1',
      ),
    );
    expect(html).toContain('<title>Tom &amp; Jerry &lt;Runners&gt; · Chicago Marathon · RunPledge</title>');
    expect(html).toContain('<link rel="canonical" href="https://runpledge.example/teams/sick-kids-chicago" />');
    expect(Object.fromEntries(metaOf(html))).toMatchObject({
      description: 'Forty of us run Chicago for the children’s hospital.',
      'og:type': 'website',
      'og:title': 'Tom & Jerry <Runners> is running the Chicago Marathon for Children’s Hospital',
      'og:url': 'https://runpledge.example/teams/sick-kids-chicago',
      'og:image': 'https://runpledge.example/api/teams/sick-kids-chicago/og-image.png?v=t1',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Tom & Jerry <Runners> is running the Chicago Marathon for Children’s Hospital',
    });
    const quiet = metaOf(renderShareTags(teamShareTags(publicTeam({ story: '' }), SITE, '/card.png')));
    expect(quiet.get('description')).toBe(
      'Support Sick Kids Runners running the Chicago Marathon for Children’s Hospital.',
    );
  });

  it('cuts a long story to about 160 characters at a word, on one line', () => {
    const story = `First line\n\n${'A long, long story about training through winter. '.repeat(10)}`;
    const short = summarize(story);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short).toMatch(/^First line A long, long story .*\w…$/);
    expect(summarize('  Short   and\nsweet ')).toBe('Short and sweet');
    expect(summarize('x'.repeat(400))).toBe(`${'x'.repeat(159)}…`);
  });

  it('gives every other page the site tags, with the canonical link only on the home page', () => {
    const home = renderShareTags(siteShareTags(SITE, '/'));
    expect(home).toContain('<title>RunPledge · Marathon fundraising pages</title>');
    expect(home).toContain('<link rel="canonical" href="https://runpledge.example/" />');
    expect(metaOf(home).get('og:image')).toBe('https://runpledge.example/api/og-image.png');
    expect(metaOf(home).get('og:type')).toBe('website');
    expect(renderShareTags(siteShareTags(SITE, '/login'))).not.toContain('canonical');
  });

  it('builds absolute URLs under a site served from a sub-path too', () => {
    expect(siteUrl('https://example.org/runpledge', '/jane')).toBe('https://example.org/runpledge/jane');
    expect(siteUrl('https://example.org/', '/api/og-image.png')).toBe('https://example.org/api/og-image.png');
  });
});
