import { CHARITY_CONSOLE_SORTS, CHARITY_RUNNER_FLAGS, type CharityRunnerFlag } from '@runpledge/contracts';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { formatCalendarDate } from '@/lib/dates';
import type { CharityConsoleSort, CharityRace } from '../api/console';
import { FLAG_LABELS, SORT_LABELS } from './runner-labels';
import type { RunnerListChoices } from './use-runner-list';

interface RunnerFiltersProps {
  races: CharityRace[];
  choices: RunnerListChoices;
  raceUnknown: boolean;
  onChoose: (next: Partial<RunnerListChoices>) => void;
}

/** Narrow the runner list to a race or a flag, and order it. */
export function RunnerFilters({ races, choices, raceUnknown, onChoose }: RunnerFiltersProps) {
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-3">
      <FormField
        label="Race"
        error={raceUnknown ? 'This race is not in the event list yet, so every race is shown.' : undefined}
      >
        {(control) => (
          <Select {...control} value={choices.race} onChange={(e) => onChoose({ race: e.target.value })}>
            <option value="">All races</option>
            {races.map((race, i) => (
              <option key={`${race.name}-${race.date ?? ''}`} value={String(i)}>
                {race.date ? `${race.name}, ${formatCalendarDate(race.date, 'medium')}` : race.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Show">
        {(control) => (
          <Select
            {...control}
            value={choices.flag}
            onChange={(e) => onChoose({ flag: e.target.value as CharityRunnerFlag | '' })}
          >
            <option value="">All runners</option>
            {CHARITY_RUNNER_FLAGS.map((flag) => (
              <option key={flag} value={flag}>
                {FLAG_LABELS[flag]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Sort by">
        {(control) => (
          <Select
            {...control}
            value={choices.sort}
            onChange={(e) => onChoose({ sort: e.target.value as CharityConsoleSort })}
          >
            {CHARITY_CONSOLE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </div>
  );
}
