import { manualActivityInputSchema } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { useAddManualRun } from '../api/strava-mutations';
import { localToday } from '../utils/format-activity';
import { FitnessPanel, fieldClass, labelClass } from './fitness-panel';

const EMPTY = { date: '', distanceKm: '', hours: '', minutes: '', seconds: '', elevation: '' };

/** A run entered by hand; it counts like any other. */
export function ManualRunForm() {
  const { toast } = useToast();
  const add = useAddManualRun();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const durationSeconds =
      Number(values.hours || 0) * 3600 + Number(values.minutes || 0) * 60 + Number(values.seconds || 0);
    const parsed = manualActivityInputSchema.safeParse({
      date: values.date,
      distanceKm: values.distanceKm === '' ? undefined : values.distanceKm,
      durationSeconds: durationSeconds || undefined,
      elevationGainMeters: values.elevation === '' ? 0 : values.elevation,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the run');
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Run added', description: 'It now counts toward your training.', variant: 'success' });
        setValues(EMPTY);
      },
      onError: () => setError('Failed to add the run. Please try again.'),
    });
  };

  return (
    <FitnessPanel title="Add a run by hand">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="run-date" className={labelClass}>
            Date
          </label>
          <input
            id="run-date"
            type="date"
            max={localToday()}
            value={values.date}
            onChange={set('date')}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="run-distance" className={labelClass}>
            Distance (km)
          </label>
          <input
            id="run-distance"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            value={values.distanceKm}
            onChange={set('distanceKm')}
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
          <label htmlFor="run-elevation" className={labelClass}>
            Elevation gain (m)
          </label>
          <input
            id="run-elevation"
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
        <Button type="submit" disabled={add.isPending} className="justify-self-start">
          {add.isPending ? 'Adding…' : 'Add run'}
        </Button>
      </form>
    </FitnessPanel>
  );
}
