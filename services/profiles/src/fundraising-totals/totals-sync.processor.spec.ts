import { describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { TotalsQueue } from './totals-queue.js';
import type { TotalsSyncService } from './totals-sync.service.js';

describe('TotalsSyncProcessor job deadline', () => {
  it("ends a page's sync at TOTALS_JOB_TIMEOUT_MS through the signal its platform requests take", async () => {
    // The configuration is read when the module loads: after the environment is set.
    process.env.TOTALS_JOB_TIMEOUT_MS = '50';
    const { TotalsSyncProcessor } = await import('./totals-sync.processor.js');
    let seen: AbortSignal | undefined;
    const sync = {
      // A read that only ends when its signal says so (a platform that never finishes).
      syncPage: (_job: unknown, signal?: AbortSignal) =>
        new Promise((_resolve, reject) => {
          seen = signal;
          signal?.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    } as unknown as TotalsSyncService;
    const processor = new TotalsSyncProcessor(sync, {} as TotalsQueue, {} as Logger);
    const job = { name: 'sync-page', data: { profileId: 'p', reason: 'refresh' } } as Job;
    const run = (processor as unknown as { process(job: Job, token?: string): Promise<unknown> }).process(job, 't');
    await expect(run).rejects.toThrow('The sync job ran out of time (50 ms)');
    expect(seen?.aborted).toBe(true);
  });
});
