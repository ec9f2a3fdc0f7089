import { describe, expect, it } from '@jest/globals';
import { additionalAssetLoads, loadAdditionalAsset } from './drawing-fonts.js';

describe('the emoji and extra font files kept for drawing', () => {
  it('keeps a file once read, but lets the least recently used go when names flood in', async () => {
    const runner = '\u{1F3C3}';
    expect(await loadAdditionalAsset('emoji', runner)).toMatch(/^data:image\/svg\+xml;base64,/);
    const afterFirst = additionalAssetLoads();
    await loadAdditionalAsset('emoji', runner);
    expect(additionalAssetLoads()).toBe(afterFirst);

    // Page names can hold any number of made-up emoji sequences; each is looked up (and found wanting) once.
    const flood = 5000;
    for (let i = 0; i < flood; i += 1) {
      expect(await loadAdditionalAsset('emoji', `\u{1F3C3}\u200D${String.fromCodePoint(0x10000 + i)}`)).toEqual([]);
    }
    expect(additionalAssetLoads()).toBe(afterFirst + flood);

    // The first file went to make room: asked for again, it is read again.
    expect(await loadAdditionalAsset('emoji', runner)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(additionalAssetLoads()).toBe(afterFirst + flood + 1);
  });
});
