import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A reader finds the code of any /api route from its first segment: each segment belongs to one
// service the gateway fronts, and that service's folder in src/ holds the controller
// (docs/architecture.md, "The gateway"). Checked on the built gateway (`npm run build`).
const FOLDER_OF_SEGMENT: Record<string, string> = {
  auth: 'identity',
  account: 'identity',
  'runner-profile': 'profiles',
  'fundraising-challenges': 'profiles',
  'challenge-claims': 'profiles',
  pledges: 'profiles',
  followers: 'profiles',
  mail: 'profiles',
  encouragement: 'profiles',
  'recent-profiles': 'profiles',
  user: 'profiles',
  'slug-availability': 'profiles',
  subscription: 'billing',
  fitness: 'fitness',
  teams: 'community',
  charities: 'community',
  events: 'community',
  'fitness-profile': 'fitness',
  'training-stats': 'fitness',
  activities: 'fitness',
  strava: 'fitness',
  // Webhooks share one prefix (what the providers are configured with): the provider names the service.
  'webhooks/stripe': 'billing',
  'webhooks/strava': 'fitness',
  health: 'health',
  'openapi.json': 'openapi',
  docs: 'openapi',
  'og-image.png': 'pages',
};
/** The service folder a controller's folder is in (`community/teams` → `community`: a service's features). */
const serviceFolder = (folder: string | null): string | null => folder?.split('/')[0] ?? null;

/** Routes under another service's segment, by their first and third segments: a charity's runner places are billing's. */
const FOLDER_OF_NESTED: Record<string, string> = {
  'charities/sponsorship': 'billing',
};
/** Images and documents the gateway draws itself (share cards, posters), whatever page they belong to. */
const DRAWN_FILE = /\.(png|pdf)$/;

interface Controller {
  controller: string;
  folder: string | null;
  routes: string[];
}

function controllers(): Controller[] {
  const script = fileURLToPath(new URL('../test/support/controller-folders.mjs', import.meta.url));
  return JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8' })) as Controller[];
}

/** The folder a route's first segment (`webhooks/<provider>` for webhooks) says its controller is in. */
function expectedFolder(route: string): string | undefined {
  const path = route.split(' ')[1]!;
  if (DRAWN_FILE.test(path)) return 'pages';
  const [, api, first, second, third] = path.split('/');
  if (api !== 'api') return undefined;
  const nested = FOLDER_OF_NESTED[`${first}/${third}`];
  if (nested) return nested;
  return FOLDER_OF_SEGMENT[first === 'webhooks' ? `${first}/${second}` : first!];
}

describe('the gateway folders', () => {
  const found = controllers();

  it('finds every controller in a *.controller.ts file', () => {
    expect(found.length).toBeGreaterThan(15);
    expect(found.filter((c) => c.folder === null).map((c) => c.controller)).toEqual([]);
  });

  it("keeps every /api route's controller in the folder of the service behind its first segment", () => {
    const routes = found.flatMap(({ controller, folder, routes }) =>
      routes.map((route) => ({ route, controller, folder })),
    );
    expect(routes.length).toBeGreaterThan(40);
    const misplaced = routes.filter(({ route, folder }) => expectedFolder(route) !== serviceFolder(folder));
    expect(
      misplaced.map(
        ({ route, controller, folder }) =>
          `${route}: ${controller} in ${folder}/, expected ${expectedFolder(route) ?? 'a segment listed in this test'}`,
      ),
    ).toEqual([]);
  });
});
