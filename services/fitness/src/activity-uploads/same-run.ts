import { ACTIVITY_FILE_LIMITS, type ActivitySource } from '@runpledge/contracts';

export interface RunAt {
  source: ActivitySource;
  distanceMeters: number;
  startDate: Date;
}

/**
 * Whether a stored run is the uploaded one again: started within two minutes of it (a run entered
 * by hand has a day, not a time: the caller passes only those of the same day) and its distance
 * within 3 % of the upload's.
 */
export function isSameRun(stored: RunAt, upload: Omit<RunAt, 'source'>): boolean {
  const startsTogether =
    stored.source === 'manual' ||
    Math.abs(stored.startDate.getTime() - upload.startDate.getTime()) <=
      ACTIVITY_FILE_LIMITS.duplicateStartSeconds * 1000;
  const longer = Math.max(stored.distanceMeters, upload.distanceMeters);
  const closeInDistance =
    longer === 0 ||
    Math.abs(stored.distanceMeters - upload.distanceMeters) <= ACTIVITY_FILE_LIMITS.duplicateDistanceRatio * longer;
  return startsTogether && closeInDistance;
}

/** The first stored run that is the upload again, the one starting nearest it first. */
export function findSameRun(stored: RunAt[], upload: Omit<RunAt, 'source'>): RunAt | undefined {
  const distanceInTime = (run: RunAt) => Math.abs(run.startDate.getTime() - upload.startDate.getTime());
  return [...stored].sort((a, b) => distanceInTime(a) - distanceInTime(b)).find((run) => isSameRun(run, upload));
}
