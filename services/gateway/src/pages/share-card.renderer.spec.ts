import { describe, expect, it } from '@jest/globals';
import { pngSize } from '../../test/support/share-fixtures.js';
import { additionalAssetLoads, drawableText, loadAdditionalAsset } from './drawing-fonts.js';
import { renderShareCard, renderSiteCard, shareCardSvg, type ShareCardContent } from './share-card.renderer.js';

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

  it('draws a Latin card without loading any extra font or emoji', async () => {
    const before = additionalAssetLoads();
    await shareCardSvg({ ...jane, name: 'Jürgen Владимир Ελένη Nguyễn' });
    expect(additionalAssetLoads()).toBe(before);
  });

  it('draws CJK names with a CJK font instead of leaving them out', async () => {
    const name = await shareCardSvg({ ...jane, name: '山田 太郎' });
    // What the card showed when the name could not be drawn.
    // Not the card drawn when the name could not be drawn, and each character counts.
    expect(name === (await shareCardSvg({ ...jane, name: 'A RunPledge runner' }))).toBe(false);
    // Characters from different unicode-range slices of the font: each drawn, none a "no glyph" box.
    const single = await Promise.all(
      [...'山田郎김민東マ'].map((ch) => shareCardSvg({ ...jane, name: `${ch} Runner` })),
    );
    expect(new Set(single).size).toBe(single.length);
    const korean = (await loadAdditionalAsset('ko-KR', '김민준')) as Array<{ name: string }>;
    expect(korean.map((font) => font.name)).toContain('Noto Sans KR 116');
    expect(textExtent(name).maxX).toBeLessThanOrEqual(1200 - 64);
    // Drawn the same the next time, from the cached fonts.
    expect((await shareCardSvg({ ...jane, name: '山田 太郎' })) === name).toBe(true);
    const png = await renderShareCard({ ...jane, name: '김민준', marathonName: '東京マラソン' });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });

  it('draws emoji in names as images', async () => {
    const svg = await shareCardSvg({ ...jane, name: 'Zoë 🏃‍♀️🎉' });
    // The logo and the route are inline SVG images too (utf8); the emoji come base64-encoded.
    expect(svg.match(/<image[^>]+href="data:image\/svg\+xml;base64,/g)).toHaveLength(2);
    const png = await renderShareCard({ ...jane, name: 'Zoë 🏃‍♀️🎉' });
    expect(png.equals(await renderShareCard({ ...jane, name: 'Zoë' }))).toBe(false);
  });

  it('leaves out what no font has instead of failing', async () => {
    expect(drawableText('Jürgen Владимир Ελένη Nguyễn', 'x')).toBe('Jürgen Владимир Ελένη Nguyễn');
    expect(drawableText('Jane 🏃‍♀️ 山田 Runner', 'x')).toBe('Jane 🏃‍♀️ 山田 Runner');
    expect(drawableText('Jane สมชาย Runner', 'x')).toBe('Jane Runner');
    expect(drawableText('สมชาย', 'A RunPledge runner')).toBe('A RunPledge runner');
    const png = await renderShareCard({ ...jane, name: 'สมชาย 山田太郎 🏃‍♀️ Jürgen', marathonName: '東京マラソン' });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });
});
