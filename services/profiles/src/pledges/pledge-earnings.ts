import {
  MARATHON_DISTANCE,
  METERS_PER_UNIT,
  PLEDGE_DISTANCE_SOURCES,
  metersToUnit,
  pledgeEarned,
  type DistanceDay,
  type DistanceUnit,
  type PledgeCounts,
  type PledgeDistanceSource,
} from '@runpledge/contracts';

export type SourceMeters = Record<PledgeDistanceSource, number>;

export interface EarningInput {
  counts: PledgeCounts;
  unit: DistanceUnit;
  ratePerUnit: number;
  cap: number | null;
  /** The first day a training pledge counts. */
  confirmedOn: string | null;
}

export interface Earning {
  distanceCounted: number;
  earned: number;
  sources: Record<PledgeDistanceSource, number>;
}

const zero = (): SourceMeters => Object.fromEntries(PLEDGE_DISTANCE_SOURCES.map((s) => [s, 0])) as SourceMeters;

/**
 * Meters run from each day to the window's end, by source: the days (oldest first, each within the
 * window) summed from the newest back, so any pledge's window is one binary search away.
 */
export class DistanceWindow {
  private readonly dates: string[];
  private readonly suffix: SourceMeters[];

  constructor(days: DistanceDay[]) {
    this.dates = days.map((d) => d.date);
    this.suffix = new Array<SourceMeters>(days.length + 1);
    this.suffix[days.length] = zero();
    for (let i = days.length - 1; i >= 0; i -= 1) {
      const next = this.suffix[i + 1]!;
      const day = days[i]!.meters;
      this.suffix[i] = Object.fromEntries(
        PLEDGE_DISTANCE_SOURCES.map((s) => [s, next[s] + (day[s] ?? 0)]),
      ) as SourceMeters;
    }
  }

  /** Meters by source run on `from` and every day after it in the window. */
  since(from: string): SourceMeters {
    let lo = 0;
    let hi = this.dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.dates[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return this.suffix[lo]!;
  }
}

/**
 * What one pledge has earned: a training pledge the runs from its confirmation day to the window's
 * end (race day, or the day the runner closed the pledges); a race pledge the marathon once due.
 */
export function earningOf(pledge: EarningInput, window: DistanceWindow, raceCounted: boolean): Earning {
  if (pledge.counts === 'race') {
    const distance = raceCounted ? MARATHON_DISTANCE[pledge.unit] : 0;
    return {
      distanceCounted: distance,
      earned: pledgeEarned(pledge.ratePerUnit, distance, pledge.cap),
      sources: Object.fromEntries(PLEDGE_DISTANCE_SOURCES.map((s) => [s, 0])) as SourceMeters,
    };
  }
  const meters = pledge.confirmedOn ? window.since(pledge.confirmedOn) : zero();
  const total = PLEDGE_DISTANCE_SOURCES.reduce((sum, s) => sum + meters[s], 0);
  const distance = metersToUnit(total, pledge.unit);
  return {
    distanceCounted: distance,
    earned: pledgeEarned(pledge.ratePerUnit, distance, pledge.cap),
    sources: Object.fromEntries(
      PLEDGE_DISTANCE_SOURCES.map((s) => [s, metersToUnit(meters[s], pledge.unit)]),
    ) as SourceMeters,
  };
}

/** A rate per `from` unit as a rate per `to` unit (a dollar a mile is about 62 cents a km). */
export function rateIn(rate: number, from: DistanceUnit, to: DistanceUnit): number {
  return from === to ? rate : (rate * METERS_PER_UNIT[to]) / METERS_PER_UNIT[from];
}

/** The day after `date` (`YYYY-MM-DD`). */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
