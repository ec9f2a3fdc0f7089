export const TOTALS_SYNC_QUEUE = 'totals-sync';

/** saved: the page was created or edited; refresh: the owner asked; scheduled: the periodic pass. */
export type TotalsSyncReason = 'saved' | 'refresh' | 'scheduled';

export interface SyncPageJob {
  profileId: string;
  reason: TotalsSyncReason;
}

export interface SyncPageResult {
  outcome: 'changed' | 'unchanged' | 'skipped' | 'too-soon' | 'failed';
  requests: number;
  notModified?: boolean;
}

/** Mail the milestones a page reached by an owner's edit (hand-typed totals, a lowered goal). */
export interface SendMilestonesJob {
  profileId: string;
}

export type TotalsJobName = 'sync-page' | 'schedule-all' | 'send-milestones';
