import { BUSINESS } from './limits.js';

/** Strava sport types that count as runs (spec: training miles and pace come from runs). */
export const RUN_SPORT_TYPES = ['Run', 'TrailRun', 'VirtualRun'] as const;
export const ACTIVITY_SOURCES = ['strava', 'manual', 'upload'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/** How visitors (and the runner) are told where a run came from. */
export const ACTIVITY_SOURCE_LABELS: Record<ActivitySource, string> = {
  strava: 'via Strava',
  manual: 'entered by hand',
  upload: 'uploaded file',
};

/** Activity files (`POST /api/activities/upload`): what is accepted and how a repeat is told apart. */
export const ACTIVITY_FILE_LIMITS = {
  /** The largest file accepted; one byte more is 413. */
  maxBytes: 10 * 1024 * 1024,
  /** Room for the multipart framing around the file (boundaries, part headers, a few small fields). */
  multipartOverheadBytes: 64 * 1024,
  extensions: ['.gpx', '.tcx', '.fit'],
  /** Two runs are the same when they start within this many seconds… */
  duplicateStartSeconds: 120,
  /** …and their distances differ by at most this fraction. */
  duplicateDistanceRatio: 0.03,
} as const;

export const ACTIVITY_FILE_MESSAGES = {
  tooLarge: 'This file is larger than 10 MB.',
  noFile: 'Please choose a GPX, TCX or FIT file.',
  unreadable: (reason: string) => `We could not read this file: ${reason}`,
  alreadyOnPage: (source: ActivitySource) => `This run is already on your page (${ACTIVITY_SOURCE_LABELS[source]}).`,
  busy: 'We are reading many files right now. Please try again in a minute.',
  /** 503: this runner's files in flight already fill their share. */
  ownUploadsInFlight: 'Your other files are still being uploaded. Please try again once they are done.',
  /** 503: the gateway's bytes in flight are all taken. */
  uploadsInFlight: 'Too many files are being uploaded right now. Please try again in a minute.',
} as const;

/** Limits of the fitness calls, shared by the web forms, the gateway and the service. */
export const FITNESS_LIMITS = {
  activitiesDefaultLimit: BUSINESS.stravaCheckLimit,
  activitiesMaxLimit: BUSINESS.historyFetchLimit,
  /** How long `POST /api/strava/sync` waits for its job before answering that it goes on. */
  syncWaitMs: 15_000,
  manualDistanceKmMax: 1000,
  manualDurationSecondsMax: 7 * 24 * 3600,
  manualElevationMetersMax: 20_000,
  activityNameMax: 100,
  weeklyMilesWeeks: 12,
} as const;

/** Spec 8 wording the fitness calls answer with. */
export const FITNESS_MESSAGES = {
  trainingStartDateRequired: 'Please select a training start date',
  trainingStartDateInFuture: 'The training start date cannot be after today',
  /** Sync before the start date is set: nothing would be fetched, so it is refused rather than "synced". */
  trainingStartDateFirst: 'Set your training start date first: your runs are synced from that day.',
  activitiesSynced: 'Activities Synced',
  syncStillRunning: 'Sync is still running; new activities will appear shortly.',
  reconnectRequired: 'Please reconnect your Strava account in the Fitness Integration section.',
  notConnected: 'Strava is not connected',
  unknownWebhookSubscription: 'This event does not come from our Strava subscription',
} as const;

/** The latest calendar date anywhere on Earth (UTC+14): "today" for a runner in any time zone. */
export function latestDateToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** Pace as the runner page shows it, e.g. `8:45 /mi`. */
export function formatPacePerMile(secondsPerMile: number): string {
  const rounded = Math.round(secondsPerMile);
  const minutes = Math.floor(rounded / 60);
  const seconds = rounded % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')} /mi`;
}
