import type { DistanceUnit } from '@runpledge/contracts';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { useUpdateDistanceUnit } from '../api/update-distance-unit';

export const DISTANCE_UNIT_MESSAGES = {
  saved: 'Distance unit saved',
  failed: 'The distance unit could not be saved. Please try again.',
} as const;

const OPTIONS = [
  { value: 'mi', label: 'Miles' },
  { value: 'km', label: 'Kilometres' },
] as const satisfies ReadonlyArray<{ value: DistanceUnit; label: string }>;

/** Page settings: the unit supporters pledge in ("per mile" or "per km"); saved as soon as it is chosen. */
export function DistanceUnitSetting({ page }: { page: { id: string; distanceUnit: DistanceUnit } }) {
  const { toast } = useToast();
  const update = useUpdateDistanceUnit();
  const [unit, setUnit] = useState<DistanceUnit>(page.distanceUnit);

  const choose = (next: DistanceUnit) => {
    const previous = unit;
    setUnit(next);
    update.mutate(
      { profileId: page.id, distanceUnit: next },
      {
        onSuccess: () => toast({ title: DISTANCE_UNIT_MESSAGES.saved, variant: 'success' }),
        onError: (error) => {
          setUnit(previous);
          const reason =
            error instanceof ApiRequestError && error.status < 500 && typeof error.body?.message === 'string'
              ? error.body.message
              : undefined;
          toast({ title: DISTANCE_UNIT_MESSAGES.failed, description: reason, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby="page-settings-heading">
      <h2 id="page-settings-heading" className="text-lg font-bold text-brand-950">
        Page settings
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">Distance unit</p>
          <p className="text-sm text-muted-foreground">
            Supporters pledge per {unit === 'mi' ? 'mile' : 'km'}, and your page counts distances in {unit}.
          </p>
        </div>
        <SegmentedControl label="Distance unit" value={unit} options={OPTIONS} onChange={choose} />
      </div>
    </Card>
  );
}
