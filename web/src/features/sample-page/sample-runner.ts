import {
  BUSINESS,
  formatPacePerMile,
  justGivingPageUrl,
  type Activity,
  type Challenge,
  type ProfileView,
  type TrainingStats,
} from '@runpledge/contracts';

/** The page at /test-{name}: one fixed runner, typed as the API answers so it cannot drift from real pages. */
export interface SampleRunnerPage {
  profile: ProfileView;
  trainingStats: TrainingStats;
  runHistory: Activity[];
}

/** Where the landing page sends visitors to see what a runner gets. */
export const SAMPLE_PAGE_PATH = '/test-sample';

const DAY_MS = 86_400_000;
// Chicago's start is 08:00 at UTC-5 (spec 4), so the countdown never shows less than this.
const MIN_TIME_TO_RACE_MS = 8 * 7 * DAY_MS;

const PROFILE_ID = '5a3f0c2e-7d41-4b8e-9c3a-1f2e3d4c5b6a';
const USER_ID = '8e2b6d1f-4c3a-4f5e-a7b9-2c1d0e9f8a7b';
const JUSTGIVING_SHORT_NAME = 'alex-morgan-chicago';

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const startOfUtcDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The Chicago Marathon's day in `year`: the second Sunday of October. */
function secondSundayOfOctober(year: number): string {
  const octoberFirst = new Date(Date.UTC(year, 9, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - octoberFirst) % 7);
  return isoDay(Date.UTC(year, 9, firstSunday + 7));
}

/** The next Chicago Marathon at least eight weeks away, so the sample's countdown always runs. */
export function sampleMarathonDate(now: Date): string {
  for (let year = now.getUTCFullYear(); ; year++) {
    const date = secondSundayOfOctober(year);
    const start = Date.parse(`${date}T${String(BUSINESS.marathonStartHourUtcMinus5 + 5).padStart(2, '0')}:00:00Z`);
    if (start - now.getTime() >= MIN_TIME_TO_RACE_MS) return date;
  }
}

const STORY = `Two years ago I couldn't run to the end of my street. In October I'm running all 26.2 miles of the Chicago Marathon, and every mile is for the children's hospital that looked after my niece Maya for six long weeks.

The nurses there gave our family hope when we needed it most. Every dollar you give helps another family get the same care, and knowing you're behind me will carry me through mile 20.

Pick a challenge below and I'll make it happen. Thank you for being part of this!`;

// Claimed and counted as a live page shows them: one exclusive challenge taken, supporters on the others.
const CHALLENGES: Omit<Challenge, 'id' | 'runnerProfileId' | 'position'>[] = [
  {
    amount: 25,
    description: 'Pick a song for my race day playlist',
    isExclusive: false,
    claimedBy: null,
    claimCount: 4,
  },
  {
    amount: 40,
    description: 'Write your name on my arm for race day',
    isExclusive: false,
    claimedBy: null,
    claimCount: 1,
  },
  {
    amount: 50,
    description: 'A thank-you video recorded during a long run',
    isExclusive: false,
    claimedBy: null,
    claimCount: 0,
  },
  {
    amount: 100,
    description: 'Choose the route of my next 16-mile long run',
    isExclusive: true,
    claimedBy: null,
    claimCount: 0,
  },
  {
    amount: 250,
    description: 'Run a long run in a banana suit, photos guaranteed',
    isExclusive: true,
    claimedBy: null,
    claimCount: 0,
  },
  {
    amount: 400,
    description: 'Cross the finish line on a FaceTime call with you',
    isExclusive: true,
    claimedBy: 'Alex',
    claimCount: 1,
  },
];

// Three runs a week for four weeks, newest first (an easy run, a quality session, a long run), building up.
const RUNS: { daysAgo: number; name: string; miles: number; paceSecondsPerMile: number; elevationM: number }[] = [
  { daysAgo: 1, name: 'Long run along the lakefront', miles: 16, paceSecondsPerMile: 545, elevationM: 41 },
  { daysAgo: 3, name: 'Easy recovery miles', miles: 5, paceSecondsPerMile: 595, elevationM: 12 },
  { daysAgo: 5, name: 'Tempo run', miles: 7, paceSecondsPerMile: 500, elevationM: 18 },
  { daysAgo: 8, name: 'Long run with a marathon-pace finish', miles: 14, paceSecondsPerMile: 538, elevationM: 37 },
  { daysAgo: 10, name: 'Hill repeats', miles: 6, paceSecondsPerMile: 550, elevationM: 96 },
  { daysAgo: 12, name: 'Easy run with strides', miles: 5.5, paceSecondsPerMile: 580, elevationM: 15 },
  { daysAgo: 15, name: 'Long run', miles: 12, paceSecondsPerMile: 548, elevationM: 33 },
  { daysAgo: 17, name: 'Track intervals: 6 × 800 m', miles: 6.5, paceSecondsPerMile: 515, elevationM: 8 },
  { daysAgo: 19, name: 'Easy shakeout', miles: 4, paceSecondsPerMile: 602, elevationM: 10 },
  {
    daysAgo: 22,
    name: 'Long run: first half marathon of the block',
    miles: 13.1,
    paceSecondsPerMile: 552,
    elevationM: 30,
  },
  { daysAgo: 24, name: 'Tempo run', miles: 6, paceSecondsPerMile: 505, elevationM: 16 },
  { daysAgo: 26, name: 'Easy run', miles: 5, paceSecondsPerMile: 590, elevationM: 14 },
];

function sampleRuns(today: number): Activity[] {
  return RUNS.map((run, index) => {
    const distanceMeters = Math.round((run.miles / BUSINESS.metersToMiles) * 10) / 10;
    const durationSeconds = Math.round(run.miles * run.paceSecondsPerMile);
    return {
      id: `7c1d5e2a-3b4f-4a6c-8d9e-${String(index + 1).padStart(12, '0')}`,
      name: run.name,
      // Not Strava: the sample must not claim Strava data or link to activities that do not exist.
      source: 'manual',
      sportType: 'Run',
      distanceMeters,
      durationSeconds,
      averagePaceSecondsPerKm: Math.round((durationSeconds / (distanceMeters / 1000)) * 10) / 10,
      elevationGainMeters: run.elevationM,
      // 7 am in Chicago.
      startDate: new Date(today - run.daysAgo * DAY_MS + 12 * 3_600_000).toISOString(),
      externalUrl: null,
    };
  });
}

const toMiles = (meters: number) => Math.round(meters * BUSINESS.metersToMiles * 10) / 10;

/** Monday of the week holding `time`, as the fitness service dates its weekly bars. */
const weekStartOf = (time: number) => isoDay(time - ((new Date(time).getUTCDay() + 6) % 7) * DAY_MS);

/** The figures the fitness service would compute from these runs (miles, pace, weekly bars). */
function sampleTrainingStats(runs: Activity[], today: number): TrainingStats {
  const meters = runs.reduce((sum, run) => sum + run.distanceMeters, 0);
  const seconds = runs.reduce((sum, run) => sum + run.durationSeconds, 0);
  const firstRun = Math.min(...runs.map((run) => Date.parse(run.startDate)));
  const weeks: string[] = [];
  for (let week = Date.parse(weekStartOf(firstRun)); week <= today; week += 7 * DAY_MS) weeks.push(isoDay(week));
  const weeklyMeters = new Map<string, number>();
  for (const run of runs) {
    const week = weekStartOf(Date.parse(run.startDate));
    weeklyMeters.set(week, (weeklyMeters.get(week) ?? 0) + run.distanceMeters);
  }
  return {
    hasTrainingData: true,
    totalMiles: toMiles(meters),
    averagePace: formatPacePerMile(seconds / (meters * BUSINESS.metersToMiles)),
    trainingStartDate: isoDay(firstRun),
    runCount: runs.length,
    includesStravaData: false,
    weeklyMiles: weeks.map((weekStart) => ({ weekStart, miles: toMiles(weeklyMeters.get(weekStart) ?? 0) })),
  };
}

// The sample's totals move through the day as a live page's do: at 00:00 UTC the page stands at the
// opening figures, then a donation from this cycle arrives every 45 minutes (32 a day, $1,200 in all),
// so a visitor coming back later sees the bar further on. It starts again the next day, below the goal.
const OPENING_RAISED = 1500;
const OPENING_DONORS = 30;
const GOAL = 3000;
const DONATION_EVERY_MS = 45 * 60_000;
const DONATION_CYCLE = [25, 50, 20, 40, 10, 100, 25, 30];
// Read from the platform a few minutes before `now`, as a live page would be.
const SYNCED_MS_AGO = 3 * 60_000;

/** What the platform reported at `syncedAt`: the opening figures plus every donation of that UTC day so far. */
export function sampleTotals(syncedAt: Date): { fundsRaised: string; totalDonors: number } {
  const donations = Math.floor((syncedAt.getTime() - startOfUtcDay(syncedAt)) / DONATION_EVERY_MS) + 1;
  let raised = OPENING_RAISED;
  for (let i = 0; i < donations; i++) raised += DONATION_CYCLE[i % DONATION_CYCLE.length]!;
  return { fundsRaised: raised.toFixed(2), totalDonors: OPENING_DONORS + donations };
}

/** Alex Morgan's page as a visitor sees it, with every date placed relative to `now`. */
export function sampleRunnerPage(now: Date = new Date()): SampleRunnerPage {
  const today = startOfUtcDay(now);
  const runHistory = sampleRuns(today);
  const donationUrl = justGivingPageUrl(JUSTGIVING_SHORT_NAME);
  const syncedAt = new Date(now.getTime() - SYNCED_MS_AGO);
  const profile: ProfileView = {
    team: null,
    event: null,
    raceResult: null,
    followerCount: 0,
    raisingUntil: sampleMarathonDate(now),
    id: PROFILE_ID,
    userId: USER_ID,
    urlSlug: SAMPLE_PAGE_PATH.slice(1),
    name: 'Alex Morgan',
    marathonName: 'Chicago Marathon',
    marathonDate: sampleMarathonDate(now),
    goalHours: 3,
    goalMinutes: 55,
    charityLink: donationUrl,
    charityId: null,
    charityName: null,
    charitySlug: null,
    description: STORY,
    connectStrava: true,
    donationPlatform: 'justgiving',
    donorDriveEventUrl: null,
    donorDriveParticipantId: null,
    justGivingPageShortName: JUSTGIVING_SHORT_NAME,
    hakuDonationUrl: null,
    donationUrl,
    ...sampleTotals(syncedAt),
    fundraisingGoal: GOAL.toFixed(2),
    fundraisingCurrency: 'USD',
    totalsSource: 'justgiving',
    totalsSyncedAt: syncedAt.toISOString(),
    distanceUnit: 'mi',
    fundraisingChallenges: CHALLENGES.map((challenge, position) => ({
      ...challenge,
      id: `3e9a4b7c-2d1f-4e8a-b6c5-${String(position + 1).padStart(12, '0')}`,
      runnerProfileId: PROFILE_ID,
      position,
    })),
    createdAt: new Date(today - 30 * DAY_MS).toISOString(),
    updatedAt: new Date(today - DAY_MS).toISOString(),
    isOwner: false,
    published: true,
  };
  return { profile, trainingStats: sampleTrainingStats(runHistory, today), runHistory };
}
