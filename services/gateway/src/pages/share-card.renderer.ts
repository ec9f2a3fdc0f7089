import { renderAsync } from '@resvg/resvg-js';
import { theMarathon } from '@runpledge/contracts';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori from 'satori';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** What a runner's card shows, already in words. */
export interface ShareCardContent {
  name: string;
  marathonName: string;
  /** e.g. "Sunday, October 11, 2026". */
  marathonDate: string;
  fundraising: ShareCardFundraising;
  /** The page's address without the scheme, e.g. "runpledge.org/jane-runs". */
  pageAddress: string;
}

export type ShareCardFundraising =
  | { kind: 'progress'; raised: string; goal: string; percent: number; donors: number }
  | { kind: 'raised'; raised: string; donors: number }
  | { kind: 'challenges'; count: number }
  | { kind: 'none' };

export const BRAND = {
  50: '#eff8fb',
  100: '#d7eef5',
  200: '#b1dcea',
  300: '#7cc3da',
  700: '#185772',
  800: '#19495f',
  900: '#183e50',
  950: '#0b2735',
  accent300: '#fdba74',
  accent400: '#fb923c',
  accent500: '#f97316',
  neutral600: '#475569',
  neutral900: '#0f172a',
};

export type Node = { type: string; props: Record<string, unknown> };
export const h = (type: string, props: Record<string, unknown>, ...children: Array<Node | string | null>): Node => ({
  type,
  props: { ...props, children: children.filter((c) => c !== null) },
});

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

/** Files read for segments the Inter set cannot draw, once each: the same buffers keep satori's parse cache warm. */
const assets = new Map<string, Promise<SatoriFont[] | string | null>>();
let assetLoads = 0;

/** How many extra fonts or emoji images have been read so far (a Latin card reads none). */
export const additionalAssetLoads = () => assetLoads;

function cached<T extends SatoriFont[] | string | null>(key: string, load: () => Promise<T>): Promise<T> {
  let asset = assets.get(key);
  if (!asset) {
    assetLoads += 1;
    asset = load().catch((error: unknown) => {
      assets.delete(key);
      throw error;
    });
    assets.set(key, asset);
  }
  return asset as Promise<T>;
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

export function logo(size: number): Node {
  return h(
    'svg',
    { width: size, height: size, viewBox: '0 0 32 32' },
    h('rect', { width: 32, height: 32, rx: 8, fill: BRAND[700] }),
    h('path', {
      d: 'M8 23c4 0 4-7 8-7s4-7 8-7',
      fill: 'none',
      stroke: '#ffffff',
      'stroke-width': 3,
      'stroke-linecap': 'round',
    }),
    h('circle', { cx: 8, cy: 23, r: 2.25, fill: '#ffffff' }),
    h('circle', { cx: 24, cy: 9, r: 3.25, fill: BRAND.accent400 }),
  );
}

/** At most `lines` lines, the rest cut with an ellipsis; a long word breaks rather than overflows. */
export const clamp = (lines: number) =>
  lines === 1
    ? { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }
    : { display: 'block', lineClamp: lines, textOverflow: 'ellipsis', wordBreak: 'break-word' };

function fundraisingPanel(f: ShareCardFundraising): Node {
  const donors = (n: number) => (n === 1 ? '1 donor' : `${n.toLocaleString('en-US')} donors`);
  const panel = (...children: Array<Node | null>) =>
    h(
      'div',
      {
        style: {
          display: 'flex',
          flexDirection: 'column',
          backgroundColor: '#ffffff',
          borderRadius: 28,
          padding: '30px 40px',
        },
      },
      ...children,
    );
  const line = (big: string, small: string, right: string | null) =>
    h(
      'div',
      { style: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' } },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'baseline' } },
        h('span', { style: { fontSize: 56, fontWeight: 800, color: BRAND[900], lineHeight: 1 } }, big),
        h('span', { style: { fontSize: 30, fontWeight: 400, color: BRAND.neutral600, marginLeft: 16 } }, small),
      ),
      right === null ? null : h('span', { style: { fontSize: 30, fontWeight: 600, color: BRAND[700] } }, right),
    );
  switch (f.kind) {
    case 'progress':
      return panel(
        line(f.raised, `raised of ${f.goal}`, `${Math.round(f.percent)}%`),
        h(
          'div',
          {
            style: {
              display: 'flex',
              marginTop: 22,
              height: 22,
              borderRadius: 11,
              backgroundColor: BRAND[100],
              overflow: 'hidden',
            },
          },
          h('div', {
            style: {
              width: `${Math.max(f.percent, f.percent > 0 ? 4 : 0)}%`,
              height: 22,
              borderRadius: 11,
              backgroundImage: `linear-gradient(90deg, ${BRAND.accent500}, ${BRAND.accent400})`,
            },
          }),
        ),
        h(
          'div',
          { style: { display: 'flex', marginTop: 14, fontSize: 24, color: BRAND.neutral600 } },
          donors(f.donors),
        ),
      );
    case 'raised':
      return panel(line(f.raised, 'raised', donors(f.donors)));
    case 'challenges':
      return panel(
        line(String(f.count), f.count === 1 ? 'fundraising challenge to pick' : 'fundraising challenges to pick', null),
      );
    case 'none':
      return panel(line('Every mile matters', '', null));
  }
}

function frame(...children: Node[]): Node {
  return h(
    'div',
    {
      style: {
        width: SHARE_CARD_WIDTH,
        height: SHARE_CARD_HEIGHT,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        paddingTop: 52,
        paddingRight: 64,
        paddingBottom: 56,
        paddingLeft: 64,
        fontFamily: 'Inter',
        color: '#ffffff',
        backgroundColor: BRAND[900],
        backgroundImage: `linear-gradient(135deg, ${BRAND[950]} 0%, ${BRAND[800]} 55%, ${BRAND[700]} 100%)`,
      },
    },
    route(),
    ...children,
  );
}

/** The logo's route, large and faint behind the top right: from a start dot to the orange finish. */
function route(): Node {
  return h(
    'svg',
    {
      width: 440,
      height: 250,
      viewBox: '0 0 440 250',
      style: { position: 'absolute', top: 118, right: 64 },
    },
    h('path', {
      d: 'M24 226 C 150 226, 150 130, 230 124 S 330 34, 400 34',
      fill: 'none',
      stroke: 'rgba(255,255,255,0.09)',
      'stroke-width': 18,
      'stroke-linecap': 'round',
      'stroke-dasharray': '1 34',
    }),
    h('circle', { cx: 24, cy: 226, r: 12, fill: 'rgba(255,255,255,0.16)' }),
    h('circle', { cx: 400, cy: 34, r: 22, fill: BRAND.accent400, 'fill-opacity': 0.7 }),
  );
}

function topBar(right: string | null): Node {
  return h(
    'div',
    { style: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' } },
    h(
      'div',
      { style: { display: 'flex', alignItems: 'center' } },
      logo(52),
      h(
        'div',
        { style: { display: 'flex', marginLeft: 16, fontSize: 36, fontWeight: 800, letterSpacing: -0.5 } },
        h('span', {}, 'Run'),
        h('span', { style: { color: BRAND.accent300 } }, 'Pledge'),
      ),
    ),
    right === null ? null : h('div', { style: { fontSize: 24, color: BRAND[200], maxWidth: 560, ...clamp(1) } }, right),
  );
}

function runnerCard(c: ShareCardContent): Node {
  const name = drawableText(c.name, 'A RunPledge runner');
  const marathon = drawableText(c.marathonName, 'marathon');
  const nameSize = name.length > 60 ? 52 : name.length > 30 ? 62 : 76;
  return frame(
    topBar(c.pageAddress),
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center', paddingBottom: 12 } },
      h(
        'div',
        { style: { fontSize: nameSize, fontWeight: 800, lineHeight: 1.08, letterSpacing: -1, ...clamp(2) } },
        name,
      ),
      h(
        'div',
        { style: { marginTop: 14, fontSize: 38, fontWeight: 600, color: BRAND[100], lineHeight: 1.2, ...clamp(1) } },
        `Running ${theMarathon(marathon)}`,
      ),
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center', marginTop: 14, fontSize: 28, color: BRAND.accent300 } },
        h('div', {
          style: { width: 14, height: 14, borderRadius: 7, backgroundColor: BRAND.accent400, marginRight: 14 },
        }),
        c.marathonDate,
      ),
    ),
    fundraisingPanel(c.fundraising),
  );
}

/** The card of the site itself, for every page that is not a runner's. */
function siteCard(): Node {
  return frame(
    topBar(null),
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center', paddingBottom: 12 } },
      h(
        'div',
        {
          style: { display: 'flex', flexDirection: 'column', fontSize: 76, fontWeight: 800, lineHeight: 1.08 },
        },
        h('span', { style: { letterSpacing: -1 } }, 'Marathon fundraising'),
        h('span', { style: { letterSpacing: -1, color: BRAND.accent300 } }, 'made easy'),
      ),
      h(
        'div',
        { style: { display: 'flex', marginTop: 20, fontSize: 32, color: BRAND[100], lineHeight: 1.3, maxWidth: 700 } },
        'Share your training, set challenges supporters pick, and raise money, one mile at a time.',
      ),
    ),
    h(
      'div',
      {
        style: {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          backgroundColor: '#ffffff',
          borderRadius: 28,
          padding: '30px 40px',
        },
      },
      h('span', { style: { fontSize: 40, fontWeight: 800, color: BRAND[900] } }, 'Free for 30 days'),
      h('span', { style: { fontSize: 30, color: BRAND.neutral600 } }, 'then $5/month · Cancel anytime'),
    ),
  );
}

/** A runner's 1200×630 sharing card as PNG. */
export async function renderShareCard(content: ShareCardContent): Promise<Buffer> {
  return toPng(await shareCardSvg(content));
}

/** The runner's card as SVG, text drawn as paths (what the PNG is painted from). */
export function shareCardSvg(content: ShareCardContent): Promise<string> {
  return toSvg(runnerCard(content));
}

/** The site's own 1200×630 sharing card as PNG. */
export async function renderSiteCard(): Promise<Buffer> {
  return toPng(await toSvg(siteCard()));
}

/** Satori lays the card out as SVG, its text as paths. */
function toSvg(node: Node): Promise<string> {
  return satori(node as never, {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: loadFonts(),
    loadAdditionalAsset,
  });
}

/** resvg paints the PNG on libuv's thread pool, off the event loop. */
async function toPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
