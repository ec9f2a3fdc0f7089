import { describe, expect, it } from '@jest/globals';
import { colorTokens, colorVariables } from '@runpledge/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { posterSvg } from './poster.renderer.js';
import { shareCardSvg, siteCardSvg } from './share-card.renderer.js';

// One palette (libs/contracts/src/product/design-tokens.ts) for the web app and what the gateway
// draws: a card shared on a messenger looks like the page it opens (docs/architecture.md).

const tokens = colorVariables();
const tokenValues = new Set(Object.values(tokens));

/** `#abc` → `#aabbcc`, lower case (the CSS minifier shortens colours). */
function longHex(value: string): string {
  const hex = value.trim().toLowerCase();
  return /^#[0-9a-f]{3}$/.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

/** Every colour an SVG paints with (fill, stroke, stop-color, style colours) as hex, inline SVGs included. */
function colorsOf(svg: string): Set<string> {
  const found = new Set<string>();
  for (const [, value] of svg.matchAll(
    /(?:fill|stroke|stop-color|color)[=:]\s*"?(#[0-9a-fA-F]{3,8}|rgba?\([^)]*\))/g,
  )) {
    found.add(value!.startsWith('#') ? longHex(value!) : value!);
  }
  // satori embeds an inline <svg> (the logo, the route, the QR code) as an image: read those too.
  for (const [, encoded] of svg.matchAll(/href="data:image\/svg\+xml;utf8,([^"]+)"/g)) {
    for (const color of colorsOf(decodeURIComponent(encoded!))) found.add(color);
  }
  return found;
}

describe('the design tokens', () => {
  it("are the web build's theme colours (npm run build)", () => {
    const assets = fileURLToPath(new URL('../../../../web/dist/assets/', import.meta.url));
    const css = readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(`${assets}${file}`, 'utf8'))
      .join('\n');
    const declared = new Map<string, string>();
    for (const [, name, value] of css.matchAll(/(--color-[a-z]+(?:-\d+)?)\s*:\s*([^;}]+)/g)) {
      if (name! in tokens) declared.set(name!, longHex(value!));
    }
    // Tailwind emits the theme variables the app uses: the brand, accent and neutral scales at least.
    expect(declared.size).toBeGreaterThan(10);
    expect(declared.get('--color-brand-700')).toBe(colorTokens.brand[700]);
    for (const [name, value] of declared) expect([name, value]).toEqual([name, tokens[name]]);
  });

  it('are the only colours the share cards and the poster are drawn with', async () => {
    const drawn = await Promise.all([
      shareCardSvg({
        name: 'Jane Runner',
        marathonName: 'Chicago Marathon',
        marathonDate: 'Sunday, October 11, 2026',
        pageAddress: 'runpledge.example/jane-runs',
        fundraising: { kind: 'progress', raised: '$1,250', goal: '$5,000', percent: 25, donors: 18 },
      }),
      siteCardSvg(),
      posterSvg({
        name: 'Jane Runner',
        marathonName: 'Chicago Marathon',
        marathonDate: 'Sunday, October 11, 2026',
        pageUrl: 'https://runpledge.example/jane-runs',
        pageAddress: 'runpledge.example/jane-runs',
      }),
    ]);
    const colors = new Set(drawn.flatMap((svg) => [...colorsOf(svg)]));
    expect(colors).toContain(colorTokens.brand[900]);
    expect(colors).toContain(colorTokens.accent[400]);
    expect([...colors].filter((color) => !tokenValues.has(color))).toEqual([]);
  });
});
