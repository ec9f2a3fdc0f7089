import {
  FITNESS_LIMITS,
  manualActivityInputSchema,
  type Activity,
  type ManualActivityInput,
} from '@runpledge/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useAddManualRun, useUpdateManualRun } from '../api/strava-mutations';
import { distanceFieldValue, maxDistanceIn, toKilometers, type DistanceUnit } from '../utils/distance-unit';
import { localToday } from '../utils/format-activity';
import { FitnessPanel, fieldClass, labelClass } from './fitness-panel';

const EMPTY = { date: '', distance: '', hours: '', minutes: '', seconds: '', elevation: '' };

/** A run entered by hand, its distance in the page's unit; it counts like any other. */
export function ManualRunForm({ unit }: { unit: DistanceUnit }) {
  return (
    <FitnessPanel title="Add a run by hand">
      <RunForm unit={unit} />
    </FitnessPanel>
  );
}

function valuesOf(activity: Activity, unit: DistanceUnit) {
  const s = activity.durationSeconds;
  return {
    date: activity.startDate.slice(0, 10),
    distance: distanceFieldValue(activity.distanceMeters, unit),
    hours: String(Math.floor(s / 3600)),
    minutes: String(Math.floor((s % 3600) / 60)),
    seconds: String(s % 60),
    elevation: String(Math.round(activity.elevationGainMeters)),
  };
}

/**
 * The run's fields: a new run, or `activity` (entered by hand) to change; `onSaved` after saving.
 * The distance is typed in the page's unit and sent in kilometers.
 */
export function RunForm({
  unit,
  activity,
  onSaved,
}: {
  unit: DistanceUnit;
  activity?: Activity;
  onSaved?: () => void;
}) {
  const { toast } = useToast();
  const add = useAddManualRun();
  const update = useUpdateManualRun();
  const id = useId();
  const [values, setValues] = useState(activity ? valuesOf(activity, unit) : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const durationSeconds =
      Number(values.hours || 0) * 3600 + Number(values.minutes || 0) * 60 + Number(values.seconds || 0);
    const typed = values.distance.trim() === '' ? undefined : Number(values.distance);
    const maxInUnit = maxDistanceIn(FITNESS_LIMITS.manualDistanceKmMax, unit);
    if (typed !== undefined && Number.isFinite(typed) && typed > maxInUnit)
      return setError(`The distance can be at most ${maxInUnit} ${unit}`);
    const parsed = manualActivityInputSchema.safeParse({
      date: values.date,
      distanceKm:
        typed === undefined || !Number.isFinite(typed)
          ? undefined
          : // An untouched distance is sent as stored, not as its rounded figure in the unit.
            activity && values.distance === distanceFieldValue(activity.distanceMeters, unit)
            ? activity.distanceMeters / 1000
            : toKilometers(typed, unit),
      durationSeconds: durationSeconds || undefined,
      elevationGainMeters: values.elevation === '' ? 0 : values.elevation,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the run');
    setError(null);
    if (activity) {
      const input: ManualActivityInput = { ...parsed.data, name: activity.name };
      update.mutate(
        { activityId: activity.id, input },
        {
          onSuccess: () => {
            toast({ title: 'Run updated', description: 'Your training stats now use it.', variant: 'success' });
            onSaved?.();
          },
          onError: () => setError('Failed to save the run. Please try again.'),
        },
      );
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Run added', description: 'It now counts toward your training.', variant: 'success' });
        setValues(EMPTY);
        onSaved?.();
      },
      onError: () => setError('Failed to add the run. Please try again.'),
    });
  };
  const pending = add.isPending || update.isPending;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={activity ? 'Edit run' : 'Add run'}
    >
      <div>
        <label htmlFor={`${id}-date`} className={labelClass}>
          Date
        </label>
        <input
          id={`${id}-date`}
          type="date"
          max={localToday()}
          value={values.date}
          onChange={set('date')}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-distance`} className={labelClass}>
          Distance ({unit})
        </label>
        <input
          id={`${id}-distance`}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          value={values.distance}
          onChange={set('distance')}
          className={fieldClass}
        />
      </div>
      <fieldset className="sm:col-span-1">
        <legend className={labelClass}>Duration</legend>
        <div className="grid grid-cols-3 gap-2">
          {(['hours', 'minutes', 'seconds'] as const).map((unit) => (
            <label key={unit} className="text-xs text-muted-foreground">
              <input
                type="number"
                min="0"
                inputMode="numeric"
                aria-label={unit}
                value={values[unit]}
                onChange={set(unit)}
                className={fieldClass}
              />
              {unit}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-elevation`} className={labelClass}>
          Elevation gain (m)
        </label>
        <input
          id={`${id}-elevation`}
          type="number"
          min="0"
          inputMode="numeric"
          value={values.elevation}
          onChange={set('elevation')}
          className={fieldClass}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-semibold text-danger-700 sm:col-span-2">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending} className="justify-self-start">
        {activity ? (pending ? 'Saving…' : 'Save run') : pending ? 'Adding…' : 'Add run'}
      </Button>
    </form>
  );
}
