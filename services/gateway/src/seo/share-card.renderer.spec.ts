import { describe, expect, it } from '@jest/globals';
import { pngSize } from '../../test/support/share-fixtures.js';
import {
  drawableText,
  renderShareCard,
  renderSiteCard,
  shareCardSvg,
  type ShareCardContent,
} from './share-card.renderer.js';

const jane: ShareCardContent = {
  name: 'Jane Runner',
  marathonName: 'Chicago Marathon',
  marathonDate: 'Sunday, October 11, 2026',
  pageAddress: 'runpledge.example/jane-runs',
  fundraising: { kind: 'progress', raised: '$1,250', goal: '$5,000', percent: 25, donors: 18 },
};

/** The largest x and y any text glyph reaches (satori draws text as absolute path coordinates). */
function textExtent(svg: string): { maxX: number; maxY: number } {
  let maxX = 0;
  let maxY = 0;
  for (const [, d] of svg.matchAll(/<path[^>]* d="([^"]+)"/g)) {
    for (const [, x, y] of d!.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)) {
      maxX = Math.max(maxX, Number(x));
      maxY = Math.max(maxY, Number(y));
    }
  }
  return { maxX, maxY };
}

describe('share card renderer', () => {
  it('draws a runner card as a 1200×630 PNG', async () => {
    const png = await renderShareCard(jane);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeGreaterThan(10_000);
  });

  it('draws the site card as a 1200×630 PNG', async () => {
    expect(pngSize(await renderSiteCard())).toEqual({ width: 1200, height: 630 });
  });

  it('keeps the longest names, marathons and addresses inside the card, cut with an ellipsis', async () => {
    const svg = await shareCardSvg({
      name: 'W'.repeat(100),
      marathonName: `${'Extraordinarily Long Charity Ultra Relay '.repeat(3)}`.slice(0, 100),
      marathonDate: 'Wednesday, September 29, 2027',
      pageAddress: `runpledge.example/${'a'.repeat(50)}`,
      fundraising: { kind: 'progress', raised: '$100,000,000', goal: '$100,000,000', percent: 100, donors: 10_000_000 },
    });
    const { maxX, maxY } = textExtent(svg);
    // The card's padding is 64 px on each side.
    expect(maxX).toBeLessThanOrEqual(1200 - 64);
    expect(maxY).toBeLessThanOrEqual(630);
    const short = textExtent(await shareCardSvg(jane));
    expect(short.maxX).toBeLessThanOrEqual(1200 - 64);
  });

  it('draws Latin, Cyrillic, Greek and Vietnamese, and leaves out what no font has instead of failing', async () => {
    expect(drawableText('Jürgen Владимир Ελένη Nguyễn', 'x')).toBe('Jürgen Владимир Ελένη Nguyễn');
    expect(drawableText('Jane 🏃‍♀️ 山田 Runner', 'x')).toBe('Jane Runner');
    expect(drawableText('山田太郎 🏃', 'A RunPledge runner')).toBe('A RunPledge runner');
    const png = await renderShareCard({ ...jane, name: '山田太郎 🏃‍♀️ Jürgen', marathonName: '東京マラソン' });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });
});
