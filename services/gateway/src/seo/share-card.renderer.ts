import { renderAsync } from '@resvg/resvg-js';
import { theMarathon } from '@runpledge/contracts';
import { readFileSync } from 'node:fs';
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

const FONT_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const FONT_WEIGHTS = [400, 600, 800] as const;

type SatoriFont = { name: string; data: Buffer; weight: (typeof FONT_WEIGHTS)[number]; style: 'normal' };

let fonts: SatoriFont[] | undefined;
let covered: Array<[number, number]> | undefined;

/** The code point ranges the loaded subsets draw, from @fontsource's unicode.json ("U+0460-052F,U+20B4"). */
function coverage(): Array<[number, number]> {
  if (covered) return covered;
  const require = createRequire(import.meta.url);
  const ranges = JSON.parse(readFileSync(require.resolve('@fontsource/inter/unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  covered = FONT_SUBSETS.flatMap((subset) =>
    (ranges[subset] ?? '').split(',').map((range): [number, number] => {
      const [from, to = from] = range.replace(/^U\+/, '').split('-');
      return [parseInt(from!, 16), parseInt(to!, 16)];
    }),
  );
  return covered;
}

/**
 * Drops what the fonts cannot draw (CJK, emoji…) rather than printing "no glyph" boxes; the page's
 * own tags still carry the full text. Falls back to `otherwise` when nothing drawable is left.
 */
export function drawableText(text: string, otherwise: string): string {
  const ranges = coverage();
  const kept = Array.from(text, (ch) => {
    const cp = ch.codePointAt(0)!;
    // Joiners and selectors only mean something beside what is dropped (emoji sequences).
    if (/\p{Cf}/u.test(ch)) return ' ';
    return cp < 0x80 || ranges.some(([from, to]) => cp >= from && cp <= to) ? ch : ' ';
  })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(kept) ? kept : otherwise;
}

/** Inter from @fontsource (satori reads woff, not woff2); the Latin subset first, then the others as fallbacks. */
export function loadFonts(): SatoriFont[] {
  const require = createRequire(import.meta.url);
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
  return satori(node as never, { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, fonts: loadFonts() });
}

/** resvg paints the PNG on libuv's thread pool, off the event loop. */
async function toPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
