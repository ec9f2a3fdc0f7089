import { renderAsync } from '@resvg/resvg-js';
import { colorTokens, theMarathon } from '@runpledge/contracts';
import satori from 'satori';
import { drawableText, loadAdditionalAsset, loadFonts } from './drawing-fonts.js';
import { clamp, h, logo, type Node } from './drawing.js';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** What a card shows, already in words: a runner's, a team's or an event's page, or a charity's. */
export type ShareCardContent = PageCardContent | CharityCardContent;

/** What a runner's (a team's, an event's) card shows. */
export interface PageCardContent {
  name: string;
  marathonName: string;
  /** e.g. "Sunday, October 11, 2026". */
  marathonDate: string;
  fundraising: ShareCardFundraising;
  /** The page's address without the scheme, e.g. "runpledge.org/jane-runs". */
  pageAddress: string;
  /** A team's card: its charity and how many run in it. */
  team?: { charityName: string; memberCount: number };
  charity?: never;
}

/** What a charity's card shows: its name, mission and runners, and what they raised in each currency. */
export interface CharityCardContent {
  name: string;
  fundraising: ShareCardFundraising;
  pageAddress: string;
  charity: { mission: string; verified: boolean; runnerCount: number };
}

export type ShareCardFundraising =
  | { kind: 'progress'; raised: string; goal: string; percent: number; donors: number }
  | { kind: 'raised'; raised: string; donors: number }
  /** Per currency, none converted: the first drawn large, the others beside it. */
  | { kind: 'totals'; raised: string[]; donors: number }
  | { kind: 'challenges'; count: number }
  | { kind: 'none' };

function fundraisingPanel(f: ShareCardFundraising): Node {
  const donors = (n: number) => (n === 1 ? '1 donor' : `${n.toLocaleString('en-US')} donors`);
  const panel = (...children: Array<Node | null>) =>
    h(
      'div',
      {
        style: {
          display: 'flex',
          flexDirection: 'column',
          backgroundColor: colorTokens.white,
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
        h('span', { style: { fontSize: 56, fontWeight: 800, color: colorTokens.brand[900], lineHeight: 1 } }, big),
        h('span', { style: { fontSize: 30, fontWeight: 400, color: colorTokens.neutral[600], marginLeft: 16 } }, small),
      ),
      right === null
        ? null
        : h('span', { style: { fontSize: 30, fontWeight: 600, color: colorTokens.brand[700] } }, right),
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
              backgroundColor: colorTokens.brand[100],
              overflow: 'hidden',
            },
          },
          h('div', {
            style: {
              width: `${Math.max(f.percent, f.percent > 0 ? 4 : 0)}%`,
              height: 22,
              borderRadius: 11,
              backgroundImage: `linear-gradient(90deg, ${colorTokens.accent[500]}, ${colorTokens.accent[400]})`,
            },
          }),
        ),
        h(
          'div',
          { style: { display: 'flex', marginTop: 14, fontSize: 24, color: colorTokens.neutral[600] } },
          donors(f.donors),
        ),
      );
    case 'raised':
      return panel(line(f.raised, 'raised', donors(f.donors)));
    case 'totals': {
      const [first = '', ...others] = f.raised;
      return panel(
        line(first, 'raised', donors(f.donors)),
        others.length === 0
          ? null
          : h(
              'div',
              { style: { marginTop: 12, fontSize: 26, color: colorTokens.neutral[600], ...clamp(1) } },
              `and ${others.join(' · ')}`,
            ),
      );
    }
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
        color: colorTokens.white,
        backgroundColor: colorTokens.brand[900],
        backgroundImage: `linear-gradient(135deg, ${colorTokens.brand[950]} 0%, ${colorTokens.brand[800]} 55%, ${colorTokens.brand[700]} 100%)`,
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
      stroke: colorTokens.white,
      'stroke-opacity': 0.09,
      'stroke-width': 18,
      'stroke-linecap': 'round',
      'stroke-dasharray': '1 34',
    }),
    h('circle', { cx: 24, cy: 226, r: 12, fill: colorTokens.white, 'fill-opacity': 0.16 }),
    h('circle', { cx: 400, cy: 34, r: 22, fill: colorTokens.accent[400], 'fill-opacity': 0.7 }),
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
        h('span', { style: { color: colorTokens.accent[300] } }, 'Pledge'),
      ),
    ),
    right === null
      ? null
      : h('div', { style: { fontSize: 24, color: colorTokens.brand[200], maxWidth: 560, ...clamp(1) } }, right),
  );
}

/** A large name in at most two lines: the longer, the smaller. */
const nameSizeOf = (name: string) => (name.length > 60 ? 52 : name.length > 30 ? 62 : 76);

const runnersLabel = (count: number) => (count === 1 ? '1 RUNNER' : `${count.toLocaleString('en-US')} RUNNERS`);

/** The small line above a team's or a charity's name. */
const kicker = (text: string, style: Record<string, unknown> = {}) =>
  h(
    'div',
    {
      style: {
        ...style,
        fontSize: 26,
        fontWeight: 700,
        letterSpacing: 2,
        color: colorTokens.accent[300],
        ...clamp(1),
      },
    },
    text,
  );

function runnerCard(c: PageCardContent): Node {
  const name = drawableText(c.name, 'A RunPledge runner');
  const marathon = drawableText(c.marathonName, 'marathon');
  const nameSize = nameSizeOf(name);
  const team = c.team;
  return frame(
    topBar(c.pageAddress),
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center', paddingBottom: 12 } },
      team ? kicker(`TEAM · ${runnersLabel(team.memberCount)}`, { marginBottom: 10 }) : null,
      h(
        'div',
        { style: { fontSize: nameSize, fontWeight: 800, lineHeight: 1.08, letterSpacing: -1, ...clamp(2) } },
        name,
      ),
      h(
        'div',
        {
          style: {
            marginTop: 14,
            fontSize: 38,
            fontWeight: 600,
            color: colorTokens.brand[100],
            lineHeight: 1.2,
            ...clamp(1),
          },
        },
        team
          ? `Running ${theMarathon(marathon)} for ${drawableText(team.charityName, 'charity')}`
          : `Running ${theMarathon(marathon)}`,
      ),
      h(
        'div',
        {
          style: { display: 'flex', alignItems: 'center', marginTop: 14, fontSize: 28, color: colorTokens.accent[300] },
        },
        h('div', {
          style: { width: 14, height: 14, borderRadius: 7, backgroundColor: colorTokens.accent[400], marginRight: 14 },
        }),
        c.marathonDate,
      ),
    ),
    fundraisingPanel(c.fundraising),
  );
}

/** A charity's card: who runs for it and what they raised, its mission, and whether RunPledge verified it. */
function charityCard(c: CharityCardContent): Node {
  const name = drawableText(c.name, 'A RunPledge charity');
  const { verified, runnerCount } = c.charity;
  // A mission in a script no font has is left out rather than drawn as boxes.
  const mission = drawableText(c.charity.mission, '');
  return frame(
    topBar(c.pageAddress),
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center', paddingBottom: 12 } },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center', marginBottom: 10 } },
        kicker(`CHARITY · ${runnersLabel(runnerCount)}`, { flexShrink: 1 }),
        verified
          ? h(
              'div',
              {
                style: {
                  display: 'flex',
                  alignItems: 'center',
                  marginLeft: 20,
                  padding: '4px 16px',
                  borderRadius: 20,
                  fontSize: 22,
                  fontWeight: 700,
                  color: colorTokens.brand[900],
                  backgroundColor: colorTokens.accent[300],
                },
              },
              'Verified charity',
            )
          : null,
      ),
      h(
        'div',
        { style: { fontSize: nameSizeOf(name), fontWeight: 800, lineHeight: 1.08, letterSpacing: -1, ...clamp(2) } },
        name,
      ),
      mission
        ? h(
            'div',
            {
              style: {
                marginTop: 14,
                fontSize: 30,
                fontWeight: 600,
                color: colorTokens.brand[100],
                lineHeight: 1.25,
                ...clamp(2),
              },
            },
            mission,
          )
        : null,
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
        h('span', { style: { letterSpacing: -1, color: colorTokens.accent[300] } }, 'made easy'),
      ),
      h(
        'div',
        {
          style: {
            display: 'flex',
            marginTop: 20,
            fontSize: 32,
            color: colorTokens.brand[100],
            lineHeight: 1.3,
            maxWidth: 700,
          },
        },
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
          backgroundColor: colorTokens.white,
          borderRadius: 28,
          padding: '30px 40px',
        },
      },
      h('span', { style: { fontSize: 40, fontWeight: 800, color: colorTokens.brand[900] } }, 'Free for 30 days'),
      h('span', { style: { fontSize: 30, color: colorTokens.neutral[600] } }, 'then $5/month · Cancel anytime'),
    ),
  );
}

/** A page's 1200×630 sharing card as PNG. */
export async function renderShareCard(content: ShareCardContent): Promise<Buffer> {
  return toPng(await shareCardSvg(content));
}

/** The page's card as SVG, text drawn as paths (what the PNG is painted from). */
export function shareCardSvg(content: ShareCardContent): Promise<string> {
  return toSvg(content.charity ? charityCard(content) : runnerCard(content));
}

/** The site's own 1200×630 sharing card as PNG. */
export async function renderSiteCard(): Promise<Buffer> {
  return toPng(await siteCardSvg());
}

/** The site's card as SVG. */
export function siteCardSvg(): Promise<string> {
  return toSvg(siteCard());
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
