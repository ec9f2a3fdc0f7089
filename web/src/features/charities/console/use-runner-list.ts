import type { CharityRunnerFlag } from '@runpledge/contracts';
import { useState } from 'react';
import {
  useCharityRunners,
  type CharityConsoleSort,
  type CharityRace,
  type CharityRunnersFilter,
} from '../api/console';

export interface RunnerListChoices {
  /** Index into the charity page's races, or '' for every race. */
  race: string;
  flag: CharityRunnerFlag | '';
  sort: CharityConsoleSort;
}

/**
 * The console's runner list: what it is narrowed and ordered by, the page shown, and the answer.
 * A race narrows it by its event's id; a race not in the event directory cannot.
 */
export function useRunnerList(charityId: string, races: CharityRace[]) {
  const [choices, setChoices] = useState<RunnerListChoices>({ race: '', flag: '', sort: 'name' });
  const [page, setPage] = useState(1);
  const race = choices.race === '' ? undefined : races[Number(choices.race)];
  const raceUnknown = race !== undefined && race.id === null;
  const filter: CharityRunnersFilter = {
    ...(race?.id ? { event: race.id } : {}),
    ...(choices.flag ? { flag: choices.flag } : {}),
    sort: choices.sort,
  };
  const runners = useCharityRunners(charityId, filter, page);
  return {
    choices,
    choose: (next: Partial<RunnerListChoices>) => {
      setChoices((current) => ({ ...current, ...next }));
      setPage(1);
    },
    page,
    setPage,
    filter,
    /** The chosen race is not in the event directory: the list shows every race. */
    raceUnknown,
    runners,
  };
}

export type RunnerList = ReturnType<typeof useRunnerList>;

/** The runners chosen for a message, kept across pages of the list (id to name). */
export function useRunnerSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const update = (change: (next: Map<string, string>) => void) =>
    setSelected((current) => {
      const next = new Map(current);
      change(next);
      return next;
    });
  return {
    selected,
    toggle: (id: string, name: string, on: boolean) => update((next) => (on ? next.set(id, name) : next.delete(id))),
    setMany: (runners: { runnerProfileId: string; name: string }[], on: boolean) =>
      update((next) => {
        for (const r of runners) {
          if (on) next.set(r.runnerProfileId, r.name);
          else next.delete(r.runnerProfileId);
        }
      }),
    clear: () => setSelected(new Map()),
  };
}

export type RunnerSelection = ReturnType<typeof useRunnerSelection>;
