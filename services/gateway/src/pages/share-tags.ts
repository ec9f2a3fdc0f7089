import { theMarathon, type Charity, type PublicProfileView, type RaceEvent, type Team } from '@runpledge/contracts';
import escapeHtml from 'escape-html';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './share-card.renderer.js';

export const SITE_NAME = 'RunPledge';
const SITE_TITLE = `${SITE_NAME} · Marathon fundraising pages`;
const SITE_DESCRIPTION =
  'RunPledge: marathon fundraising pages for runners. Share your training, set challenges and raise money, one mile at a time.';
/** Messengers cut descriptions around here; search engines too. */
const DESCRIPTION_LENGTH = 160;

/** The head tags a crawler reads: title, description, Open Graph, Twitter card, canonical link. */
export interface ShareTags {
  title: string;
  description: string;
  ogType: 'website' | 'profile';
  ogTitle: string;
  url: string;
  image: { url: string; alt: string };
  canonical?: string;
}

/** Absolute URL of a path on the configured public site. */
export function siteUrl(publicUrl: string, path: string): string {
  // Relative to the site's base, so a site served under a sub-path keeps it.
  return new URL(path.replace(/^\//, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

/** One line, at most `max` characters, cut at a word boundary with an ellipsis. */
export function summarize(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The site's own tags, for every page that is not a published runner's. */
export function siteShareTags(publicUrl: string, path = '/'): ShareTags {
  return {
    title: SITE_TITLE,
    description: SITE_DESCRIPTION,
    ogType: 'website',
    ogTitle: SITE_TITLE,
    url: siteUrl(publicUrl, '/'),
    image: { url: siteUrl(publicUrl, '/api/og-image.png'), alt: 'RunPledge: marathon fundraising made easy' },
    canonical: path === '/' ? siteUrl(publicUrl, '/') : undefined,
  };
}

/** A published runner page's tags; `imagePath` names its card with the card's version. */
export function runnerShareTags(view: PublicProfileView, publicUrl: string, imagePath: string): ShareTags {
  const url = siteUrl(publicUrl, `/${view.urlSlug}`);
  const running = `${view.name} is running ${theMarathon(view.marathonName)}`;
  return {
    // As the runner page sets it once the app runs, so the tab does not change under the reader.
    title: `${view.name} · ${view.marathonName} · ${SITE_NAME}`,
    description: summarize(view.description) || `Support ${running}.`,
    ogType: 'profile',
    ogTitle: running,
    url,
    image: { url: siteUrl(publicUrl, imagePath), alt: `${running}: the fundraising page on ${SITE_NAME}` },
    canonical: url,
  };
}

/** A team page's tags; `imagePath` names its card with the card's version. */
export function teamShareTags(team: Team, publicUrl: string, imagePath: string): ShareTags {
  const url = siteUrl(publicUrl, `/teams/${team.slug}`);
  const run = `running ${theMarathon(team.marathonName)} for ${team.charityName}`;
  const running = `${team.name} is ${run}`;
  return {
    // As the team page sets it once the app runs.
    title: `${team.name} · ${team.marathonName} · ${SITE_NAME}`,
    description: summarize(team.story) || summarize(`Support ${team.name} ${run}.`),
    ogType: 'website',
    ogTitle: running,
    url,
    image: { url: siteUrl(publicUrl, imagePath), alt: `${running}: the team page on ${SITE_NAME}` },
    canonical: url,
  };
}

/** "1 runner", "1,204 runners". */
const runnersOf = (count: number) => (count === 1 ? '1 runner' : `${count.toLocaleString('en-US')} runners`);

/** An event page's tags; `imagePath` names its card with the card's version. */
export function eventShareTags(event: RaceEvent, publicUrl: string, imagePath: string): ShareTags {
  const url = siteUrl(publicUrl, `/events/${event.slug}`);
  const runners = runnersOf(event.runnerCount);
  const summary = `${runners} running ${theMarathon(event.name)} for a cause on ${SITE_NAME}`;
  return {
    title: `${event.name} · ${SITE_NAME}`,
    description: summarize(`${summary}. Find a runner and support them.`),
    ogType: 'website',
    ogTitle: `${event.name}: ${runners} running for a cause`,
    url,
    image: { url: siteUrl(publicUrl, imagePath), alt: `${event.name}: the event page on ${SITE_NAME}` },
    canonical: url,
  };
}

/** A charity page's tags; `imagePath` names its card with the card's version. */
export function charityShareTags(charity: Charity, publicUrl: string, imagePath: string): ShareTags {
  const url = siteUrl(publicUrl, `/charities/${charity.slug}`);
  const kind = charity.verified ? 'a verified charity' : 'a charity';
  return {
    // As the charity page sets it once the app runs.
    title: `${charity.name} · ${SITE_NAME}`,
    description:
      summarize(charity.mission) ||
      summarize(`${runnersOf(charity.runnerCount)} running for ${charity.name} on ${SITE_NAME}.`),
    ogType: 'website',
    ogTitle: `${charity.name} on ${SITE_NAME}`,
    url,
    image: { url: siteUrl(publicUrl, imagePath), alt: `${charity.name}, ${kind}: the charity page on ${SITE_NAME}` },
    canonical: url,
  };
}

/** The tags as HTML, every value escaped for its text or attribute context. */
export function renderShareTags(tags: ShareTags): string {
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    tags.canonical ? `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />` : null,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', tags.ogType),
    meta('property', 'og:title', tags.ogTitle),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:image', tags.image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', SHARE_CARD_WIDTH),
    meta('property', 'og:image:height', SHARE_CARD_HEIGHT),
    meta('property', 'og:image:alt', tags.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', tags.ogTitle),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.image.url),
    meta('name', 'twitter:image:alt', tags.image.alt),
  ]
    .filter((tag) => tag !== null)
    .join('\n    ');
}
