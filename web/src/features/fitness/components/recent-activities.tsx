import { ACTIVITY_SOURCE_LABELS, type Activity } from '@runpledge/contracts';
import { useRef, useState } from 'react';
import { PoweredByStrava, ViewOnStravaLink } from '@/components/strava/powered-by-strava';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { useRecentActivities } from '../api/get-recent-activities';
import { useDeleteManualRun } from '../api/strava-mutations';
import { formatDistance, formatPace, type DistanceUnit } from '../utils/distance-unit';
import { formatDuration } from '../utils/format-activity';
import { FitnessPanel } from './fitness-panel';
import { RunForm } from './manual-run-form';

/** The runner's newest activities: distance and pace in the page's unit, duration, elevation, where each came from. */
export function RecentActivities({ unit }: { unit: DistanceUnit }) {
  const activities = useRecentActivities(true);
  const deleteRun = useDeleteManualRun();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const [editing, setEditing] = useState<Activity | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteRun.mutateAsync(deleting.id);
      toast({ title: 'Run deleted', description: `"${deleting.name}" is no longer counted.`, variant: 'success' });
      setDeleting(null);
    } catch {
      toast({ title: 'Failed to delete the run. Please try again.', variant: 'destructive' });
    }
  };

  const list = activities.data ?? [];
  const fromStrava = list.some((a) => a.source === 'strava');
  return (
    <FitnessPanel title="Recent activities" action={fromStrava ? <PoweredByStrava /> : undefined}>
      {activities.isPending ? (
        <p className="text-muted-foreground">Loading your activities…</p>
      ) : activities.isError ? (
        <p className="text-muted-foreground">
          Your activities aren&apos;t available right now. Please try again later.
        </p>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground">
          No activities yet. Connect Strava, upload a file from your watch or add a run by hand.
        </p>
      ) : (
        <ul
          ref={listRef}
          tabIndex={-1}
          className="divide-y divide-border focus:outline-none"
          aria-label="Recent activities"
        >
          {list.map((activity) => (
            <ActivityRow
              key={activity.id}
              activity={activity}
              unit={unit}
              onEdit={() => setEditing(activity)}
              onDelete={() => setDeleting(activity)}
            />
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader title="Edit run" description="Change the day, distance, duration or elevation of this run." />
          {editing && <RunForm unit={unit} activity={editing} onSaved={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this run?"
        description={deleting ? `"${deleting.name}" will be removed from your training history and stats.` : ''}
        confirmLabel="Delete run"
        onConfirm={confirmDelete}
        fallbackFocus={listRef}
      />
    </FitnessPanel>
  );
}

function ActivityRow({
  activity,
  unit,
  onEdit,
  onDelete,
}: {
  activity: Activity;
  unit: DistanceUnit;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const pace = formatPace(activity.averagePaceSecondsPerKm, unit);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-neutral-900">{activity.name}</p>
        <p className="text-sm text-muted-foreground">
          {new Date(activity.startDate).toLocaleDateString('en-US', { dateStyle: 'medium' })}
          {` · ${ACTIVITY_SOURCE_LABELS[activity.source]}`}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <p className="text-sm text-neutral-700 tabular-nums">
          <span className="font-semibold text-brand-800">{formatDistance(activity.distanceMeters, unit)}</span>
          {' · '}
          {formatDuration(activity.durationSeconds)}
          {pace && ` · ${pace}`}
          {` · ${Math.round(activity.elevationGainMeters)} m elevation`}
        </p>
        {activity.externalUrl && <ViewOnStravaLink href={activity.externalUrl} />}
        {activity.source !== 'strava' && (
          <div className="flex gap-1">
            {activity.source === 'manual' && (
              <Button variant="ghost" size="sm" onClick={onEdit}>
                Edit<span className="sr-only"> {activity.name}</span>
              </Button>
            )}
            <Button variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-50" onClick={onDelete}>
              Delete<span className="sr-only"> {activity.name}</span>
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
