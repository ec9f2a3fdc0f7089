import type { ExportCursor } from '@runpledge/contracts';

/** One page of items and where the next starts (null: none). */
export interface ExportPage<T> {
  items: T[];
  next: ExportCursor | null;
}
export type FetchExportPage<T> = (after: ExportCursor | null) => Promise<ExportPage<T>>;

/** What each service answered in one message, and the parts that come in pages. */
export interface AccountExportParts {
  exportedAt: string;
  identity: Record<string, unknown>;
  profiles: Record<string, unknown>;
  billing: Record<string, unknown>;
  fitness: Record<string, unknown>;
  /** A page's encouragements, in pages. */
  encouragementsOf: (profileId: string) => FetchExportPage<unknown>;
  /** A page's pledges, in pages. */
  pledgesOf: (profileId: string) => FetchExportPage<unknown>;
  activities: FetchExportPage<unknown>;
}

/**
 * GET /api/account/export as JSON text, one piece at a time: each service's single answer, then the
 * page-wise parts (`profiles.pages[].encouragements` and `.pledges`, `fitness.activities`) fetched a page at a time
 * as the client reads, so no message and no buffer grows with the account.
 */
export async function* accountExportJson(parts: AccountExportParts): AsyncGenerator<string> {
  const { exportedAt, identity, profiles, billing, fitness } = parts;
  yield `{"exportedAt":${JSON.stringify(exportedAt)},"identity":${JSON.stringify(identity)}`;

  const { pages, ...profilesRest } = profiles;
  yield `,"profiles":${openObject(profilesRest)}"pages":[`;
  let firstPage = true;
  for (const page of Array.isArray(pages) ? (pages as Record<string, unknown>[]) : []) {
    yield `${firstPage ? '' : ','}${openObject(page)}"encouragements":`;
    firstPage = false;
    yield* jsonArray(parts.encouragementsOf(String(page.id)));
    yield ',"pledges":';
    yield* jsonArray(parts.pledgesOf(String(page.id)));
    yield '}';
  }
  yield ']}';

  yield `,"billing":${JSON.stringify(billing)}`;
  const { activities: _inPages, ...fitnessRest } = fitness;
  yield `,"fitness":${openObject(fitnessRest)}"activities":`;
  yield* jsonArray(parts.activities);
  yield '}}';
}

/** `{...object,` ready for more members (`{` alone for an empty object). */
function openObject(object: Record<string, unknown>): string {
  const text = JSON.stringify(object);
  return text === '{}' ? '{' : `${text.slice(0, -1)},`;
}

async function* jsonArray(fetchPage: FetchExportPage<unknown>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  let after: ExportCursor | null = null;
  do {
    const page: ExportPage<unknown> = await fetchPage(after);
    if (page.next !== null && page.next.at === after?.at && page.next.id === after.id) {
      throw new Error('An export page did not move past its cursor');
    }
    if (page.items.length > 0) {
      yield `${first ? '' : ','}${page.items.map((item) => JSON.stringify(item)).join(',')}`;
      first = false;
    }
    after = page.next;
  } while (after !== null);
  yield ']';
}
