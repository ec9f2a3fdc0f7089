// The sport a file names, as the Strava sport types the runs are counted by (RUN_SPORT_TYPES).

// A Map, never a plain object: a file naming its sport `constructor` or `__proto__` must find nothing.
const SPORTS = new Map<string, string>(
  Object.entries({
    run: 'Run',
    running: 'Run',
    street_running: 'Run',
    road_running: 'Run',
    trail: 'TrailRun',
    trail_running: 'TrailRun',
    trailrun: 'TrailRun',
    treadmill: 'VirtualRun',
    treadmill_running: 'VirtualRun',
    virtual_run: 'VirtualRun',
    virtualrun: 'VirtualRun',
    indoor_running: 'VirtualRun',
    // Strava's GPX exports number the type (9: run).
    '9': 'Run',
    biking: 'Ride',
    cycling: 'Ride',
    ride: 'Ride',
    '1': 'Ride',
    walking: 'Walk',
    walk: 'Walk',
    '10': 'Walk',
    hiking: 'Hike',
    hike: 'Hike',
    '4': 'Hike',
    swimming: 'Swim',
  }),
);

/** A file that names no sport is taken as a run (this is a runners' site); an unknown one is a workout. */
export function sportType(...named: unknown[]): string {
  // FIT names a sport it knows and numbers one it does not; XML gives text.
  const words = named
    .map((name) => (typeof name === 'string' || typeof name === 'number' ? String(name) : undefined))
    .filter((name): name is string => Boolean(name?.trim()));
  if (words.length === 0) return 'Run';
  for (const word of [...words].reverse()) {
    const key = word
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    const sport = SPORTS.get(key);
    if (sport) return sport;
  }
  return 'Workout';
}
