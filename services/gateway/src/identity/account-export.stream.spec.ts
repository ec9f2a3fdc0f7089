import { describe, expect, it } from '@jest/globals';
import type { ExportCursor } from '@runpledge/contracts';
import { accountExportJson, type ExportPage } from './account-export.stream.js';

/** Pages of `size` over `items`, the cursor's id being the index of the next one. */
const pagesOf =
  <T>(items: T[], size: number) =>
  async (after: ExportCursor | null): Promise<ExportPage<T>> => {
    const start = after ? Number(after.id) : 0;
    const end = start + size;
    return {
      items: items.slice(start, end),
      next: end < items.length ? { at: '2026-01-01T00:00:00.000000Z', id: String(end) } : null,
    };
  };

const collect = async (chunks: AsyncIterable<string>) => {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
};

describe('the account export as streamed JSON', () => {
  it("is one JSON document with each page's encouragement and pledges and every activity, fetched a page at a time", async () => {
    const encouragements = Array.from({ length: 7 }, (_, i) => ({ senderName: `S${i}`, message: 'Go "fast"\n' }));
    const activities = Array.from({ length: 5 }, (_, i) => ({ name: `Run ${i}` }));
    const pledges = Array.from({ length: 5 }, (_, i) => ({ name: `Supporter ${i}`, currency: 'SEK' }));
    const text = await collect(
      accountExportJson({
        exportedAt: '2026-11-27T00:00:00.000Z',
        identity: { user: { id: 'u' } },
        profiles: { account: null, pages: [{ id: 'p1', name: 'One' }, { id: 'p2' }] },
        billing: { subscription: null },
        fitness: { stravaConnection: null, pages: [] },
        encouragementsOf: (profileId) => pagesOf(profileId === 'p1' ? encouragements : [], 3),
        pledgesOf: (profileId) => pagesOf(profileId === 'p2' ? pledges : [], 2),
        activities: pagesOf(activities, 2),
      }),
    );
    expect(JSON.parse(text)).toEqual({
      exportedAt: '2026-11-27T00:00:00.000Z',
      identity: { user: { id: 'u' } },
      profiles: {
        account: null,
        pages: [
          { id: 'p1', name: 'One', encouragements, pledges: [] },
          { id: 'p2', encouragements: [], pledges },
        ],
      },
      billing: { subscription: null },
      fitness: { stravaConnection: null, pages: [], activities },
    });
  });

  it('stops with an error, not a loop, when a page does not move past its cursor', async () => {
    const stuck = async () => ({ items: [{}], next: { at: '2026-01-01T00:00:00Z', id: 'same' } });
    await expect(
      collect(
        accountExportJson({
          exportedAt: 'x',
          identity: {},
          profiles: {},
          billing: {},
          fitness: {},
          encouragementsOf: () => pagesOf([], 1),
          pledgesOf: () => pagesOf([], 1),
          activities: stuck,
        }),
      ),
    ).rejects.toThrow('did not move past its cursor');
  });
});
