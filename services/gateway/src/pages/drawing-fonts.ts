import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';

// The fonts and emoji images the share cards and posters are drawn with, and the text they can draw.

/** Inter's subsets and the weights drawn (the Docker image keeps only these weights' woff files: build/prune-share-card-assets.mjs). */
export const FONT_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
export const FONT_WEIGHTS = [400, 600, 800] as const;

type SatoriFont = { name: string; data: Buffer; weight: (typeof FONT_WEIGHTS)[number]; style: 'normal' };
type Ranges = Array<[number, number]>;

const require = createRequire(import.meta.url);
let fonts: SatoriFont[] | undefined;
let covered: Ranges | undefined;
const cjkSubsets = new Map<string, Array<[string, Ranges]>>();

/** A @fontsource package's subsets and the code points each draws, from its unicode.json ("U+0460-052F,U+20B4"). */
function unicodeRanges(pkg: string): Map<string, Ranges> {
  const json = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<string, string>;
  return new Map(
    Object.entries(json).map(([subset, list]) => [
      subset,
      list.split(',').map((range): [number, number] => {
        const [from, to = from] = range.trim().replace(/^U\+/, '').split('-');
        return [parseInt(from!, 16), parseInt(to!, 16)];
      }),
    ]),
  );
}

const within = (ranges: Ranges, cp: number) => ranges.some(([from, to]) => cp >= from && cp <= to);

/** The code point ranges the Inter subsets draw. */
function coverage(): Ranges {
  if (covered) return covered;
  const ranges = unicodeRanges('@fontsource/inter');
  covered = FONT_SUBSETS.flatMap((subset) => ranges.get(subset) ?? []);
  return covered;
}

/**
 * The CJK fonts, loaded only for a card that needs them: Noto Sans KR for Hangul (Noto Sans SC's
 * unicode ranges list Hangul but the font has none), Noto Sans SC for Han, kana and CJK punctuation.
 */
export const CJK_FONTS = [
  { family: 'noto-sans-kr', name: 'Noto Sans KR', draws: /\p{scx=Hangul}/u },
  {
    family: 'noto-sans-sc',
    name: 'Noto Sans SC',
    draws: /\p{scx=Han}|\p{scx=Hira}|\p{scx=Kana}|[\u3000-\u303f\uff00-\uffef]/u,
  },
] as const;
type CjkFont = (typeof CJK_FONTS)[number];

/** A CJK font's numbered unicode-range slices ("[116]") and their code points. */
function cjkCoverage(font: CjkFont): Array<[string, Ranges]> {
  let subsets = cjkSubsets.get(font.family);
  if (!subsets) {
    subsets = [...unicodeRanges(`@fontsource/${font.family}`)].filter(([subset]) => /^\[\d+\]$/.test(subset));
    cjkSubsets.set(font.family, subsets);
  }
  return subsets;
}

/** The CJK font and its slice that draw one character, if any. */
function cjkSlice(ch: string): [CjkFont, string] | undefined {
  const font = CJK_FONTS.find(({ draws }) => draws.test(ch));
  if (!font) return undefined;
  const cp = ch.codePointAt(0)!;
  const found = cjkCoverage(font).find(([, ranges]) => within(ranges, cp));
  return found && [font, found[0]];
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Drops what no font can draw (e.g. Thai, Arabic) rather than printing "no glyph" boxes; the page's
 * own tags still carry the full text. CJK and emoji stay: `loadAdditionalAsset` supplies them.
 * Falls back to `otherwise` when nothing drawable is left.
 */
export function drawableText(text: string, otherwise: string): string {
  const ranges = coverage();
  const kept = Array.from(graphemes.segment(text), ({ segment }) => {
    if (EMOJI.test(segment)) return segment;
    return Array.from(segment, (ch) => {
      const cp = ch.codePointAt(0)!;
      // Joiners and selectors only mean something beside what is dropped (emoji sequences).
      if (/\p{Cf}/u.test(ch)) return ' ';
      if (cp < 0x80 || within(ranges, cp)) return ch;
      return cjkSlice(ch) ? ch : ' ';
    }).join('');
  })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(kept) ? kept : otherwise;
}

/** Inter from @fontsource (satori reads woff, not woff2); the Latin subset first, then the others as fallbacks. */
export function loadFonts(): SatoriFont[] {
  fonts ??= FONT_SUBSETS.flatMap((subset) =>
    FONT_WEIGHTS.map((weight) => ({
      // One family per subset: satori falls back through the other loaded families glyph by glyph.
      name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

type Asset = SatoriFont[] | string | null;

/** Bounds of the extra files kept: every emoji and CJK slice a design draws fits, a flood of made-up names does not. */
export const ADDITIONAL_ASSETS_KEPT = { entries: 1000, bytes: 16 * 1024 * 1024 } as const;

const sizeOf = (asset: Asset): number =>
  asset === null
    ? 1
    : typeof asset === 'string'
      ? asset.length
      : asset.reduce((sum, font) => sum + font.data.length, 0);

/**
 * Files read for segments the Inter set cannot draw, kept while used: the same buffers keep
 * satori's parse cache warm. Least recently used go first, so any text in page names costs bounded memory.
 */
const assets = new LRUCache<string, { asset: Asset }, () => Promise<Asset>>({
  max: ADDITIONAL_ASSETS_KEPT.entries,
  maxSize: ADDITIONAL_ASSETS_KEPT.bytes,
  sizeCalculation: ({ asset }) => Math.max(1, sizeOf(asset)),
  fetchMethod: async (_key, _stale, { context }) => {
    assetLoads += 1;
    return { asset: await context() };
  },
});
let assetLoads = 0;

/** How many extra fonts or emoji images have been read so far (a Latin card reads none). */
export const additionalAssetLoads = () => assetLoads;

/** One read per key at a time (concurrent asks share it); a failed read is not kept. */
async function cached<T extends Asset>(key: string, load: () => Promise<T>): Promise<T> {
  const kept = await assets.fetch(key, { context: load });
  return kept!.asset as T;
}

/** One slice of a CJK font in the card's three weights. */
function cjkFont([font, subset]: [CjkFont, string]): Promise<SatoriFont[]> {
  const slice = subset.slice(1, -1);
  return cached(`${font.family} ${slice}`, () =>
    Promise.all(
      FONT_WEIGHTS.map(async (weight) => ({
        // One family per slice, as for Inter: satori keeps one font per family and weight.
        name: `${font.name} ${slice}`,
        data: await readFile(
          require.resolve(`@fontsource/${font.family}/files/${font.family}-${slice}-${weight}-normal.woff`),
        ),
        weight,
        style: 'normal' as const,
      })),
    ),
  );
}

/** Twemoji's file for one emoji: code points in hex, without U+FE0F unless the sequence has a joiner. */
function emojiImage(emoji: string): Promise<string | null> {
  const hex = Array.from(emoji, (ch) => ch.codePointAt(0)!.toString(16));
  const names = [hex.join('-'), hex.filter((h) => h !== 'fe0f').join('-')];
  return cached(`twemoji ${names[0]}`, async () => {
    for (const name of new Set(names)) {
      try {
        const svg = await readFile(require.resolve(`@twemoji/svg/${name}.svg`));
        return `data:image/svg+xml;base64,${svg.toString('base64')}`;
      } catch {
        // Try the next spelling.
      }
    }
    return null;
  });
}

/**
 * satori's hook for text its fonts cannot draw: called only then, with one emoji at a time
 * ("emoji") or the other characters grouped by language ("ja-JP|zh-CN", "ko-KR"…).
 */
export async function loadAdditionalAsset(languageCode: string, segment: string): Promise<string | SatoriFont[]> {
  if (languageCode === 'emoji') return (await emojiImage(segment)) ?? [];
  const slices = new Map<string, [CjkFont, string]>();
  for (const ch of segment) {
    const slice = cjkSlice(ch);
    if (slice) slices.set(`${slice[0].family} ${slice[1]}`, slice);
  }
  return (await Promise.all([...slices.values()].map(cjkFont))).flat();
}
