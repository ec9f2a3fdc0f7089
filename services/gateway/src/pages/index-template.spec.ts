import { describe, expect, it } from '@jest/globals';
import { IndexTemplate } from './index-template.js';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!-- share-tags: replaced by the gateway -->
    <title>RunPledge</title>
    <meta name="description" content="generic" />
    <meta property="og:title" content="generic" />
    <!-- /share-tags -->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('IndexTemplate', () => {
  it("puts head-end HTML after the build's own script, inside the head", () => {
    const html = new IndexTemplate(BUILT).render(
      '<title>Jane</title>',
      '<link rel="modulepreload" href="/assets/r.js" />',
    );
    const preload = html.indexOf('<link rel="modulepreload" href="/assets/r.js" />');
    expect(preload).toBeGreaterThan(html.indexOf('/assets/index-abc.js'));
    expect(preload).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/modulepreload/g)).toHaveLength(1);
  });

  it('replaces exactly the marked generic tags and keeps the rest of the build', () => {
    const html = new IndexTemplate(BUILT).render(
      '<title>Jane</title>\n    <meta property="og:title" content="Jane" />',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Jane</title>');
    expect(html).not.toContain('generic');
    expect(html).not.toContain('share-tags');
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html.indexOf('<title>Jane')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('puts the tags before </head> and drops the old title in a build without the marks', () => {
    const html = new IndexTemplate('<!doctype html><head><title>RunPledge</title></head><div id="root"></div>').render(
      '<title>Jane</title>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<title>Jane<\/title>\s*<\/head><div id="root"><\/div>$/);
  });

  it('does not read a "$" in the tags as a replacement pattern', () => {
    expect(new IndexTemplate(BUILT).render('<title>$1,250 raised $& more</title>')).toContain(
      '<title>$1,250 raised $& more</title>',
    );
  });
});
