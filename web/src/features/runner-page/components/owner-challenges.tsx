import { formatMoney, type Challenge, type ChallengeInput, type ProfileView } from '@runpledge/contracts';
import type { Announcements } from '@dnd-kit/core';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-context';
import { GripIcon } from '@/components/ui/grip-icon';
import { SortableList, type SortableRow } from '@/components/ui/sortable-list';
import { cn } from '@/lib/cn';
import { useDeleteChallenge } from '../api/delete-challenge';
import { useReorderChallenges } from '../api/reorder-challenges';
import { useSaveChallenge } from '../api/save-challenge';
import { ChallengeCard } from './challenge-card';
import { ChallengeDialog } from './challenge-dialog';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; challenge: Challenge };

/** The owner's challenge list: add, edit, delete, and drag (or keyboard) to reorder. */
export default function OwnerChallenges({ profile }: { profile: ProfileView }) {
  const { toast } = useToast();
  const saveChallenge = useSaveChallenge(profile);
  const deleteChallenge = useDeleteChallenge(profile);
  const reorder = useReorderChallenges(profile);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Challenge | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const challenges = profile.fundraisingChallenges;

  const save = (input: ChallengeInput) => {
    const id = editing.mode === 'edit' ? editing.challenge.id : undefined;
    saveChallenge.mutate(
      { id, input },
      {
        onSuccess: () => {
          toast({ title: id ? 'Challenge updated successfully' : 'Challenge added successfully', variant: 'success' });
          setEditing({ mode: 'closed' });
        },
        onError: () => toast({ title: 'Failed to save challenge', variant: 'destructive' }),
      },
    );
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteChallenge.mutateAsync(deleting.id);
      toast({ title: 'Challenge deleted successfully', variant: 'success' });
      setDeleting(null);
    } catch {
      toast({ title: 'Failed to delete challenge', variant: 'destructive' });
    }
  };

  const onReorder = (next: Challenge[]) => {
    reorder.mutate(next, {
      onError: () => toast({ title: 'Failed to save the new order', variant: 'destructive' }),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {challenges.length > 1 ? 'Drag the handle (or press Space on it, then the arrow keys) to reorder.' : ''}
        </p>
        <Button ref={addButton} size="sm" onClick={() => setEditing({ mode: 'add' })}>
          Add Challenge
        </Button>
      </div>

      {challenges.length === 0 ? (
        <p className="text-muted-foreground">
          No challenges yet. Add one supporters can choose, like a long run in a banana suit.
        </p>
      ) : (
        <SortableList
          label="Challenges"
          className="flex flex-col gap-3"
          items={challenges}
          announcements={announcementsFor(challenges)}
          onReorder={onReorder}
          renderRow={(challenge, _index, row) => (
            <SortableChallenge
              row={row}
              profile={profile}
              challenge={challenge}
              onEdit={() => setEditing({ mode: 'edit', challenge })}
              onDelete={() => setDeleting(challenge)}
            />
          )}
        />
      )}

      <ChallengeDialog
        open={editing.mode !== 'closed'}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
        challenge={editing.mode === 'edit' ? editing.challenge : undefined}
        saving={saveChallenge.isPending}
        onSave={save}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Are you sure you want to delete this challenge?"
        description={
          deleting ? `"${formatMoney(deleting.amount)}: ${deleting.description}" will be removed from your page.` : ''
        }
        confirmLabel="Delete challenge"
        onConfirm={confirmDelete}
        // The deleted item's buttons are gone: keyboard users land on Add Challenge.
        fallbackFocus={addButton}
      />
    </div>
  );
}

interface SortableChallengeProps {
  row: SortableRow;
  profile: ProfileView;
  challenge: Challenge;
  onEdit: () => void;
  onDelete: () => void;
}

function SortableChallenge({ row, profile, challenge, onEdit, onDelete }: SortableChallengeProps) {
  const { rowProps, handleProps, isDragging } = row;
  const label = `${formatMoney(challenge.amount)}: ${challenge.description}`;
  return (
    <li {...rowProps} className={cn('relative', isDragging && 'z-10')}>
      <ChallengeCard
        profile={profile}
        challenge={challenge}
        className={cn(isDragging && 'shadow-card ring-2 ring-brand-400')}
        handle={
          <button
            type="button"
            aria-label={`Reorder challenge ${label}`}
            className="-my-1 -ml-1 flex w-8 shrink-0 cursor-grab touch-none items-center justify-center self-stretch rounded-md text-neutral-500 hover:bg-neutral-200 hover:text-neutral-800 active:cursor-grabbing"
            {...handleProps}
          >
            <GripIcon />
          </button>
        }
        actions={
          <>
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit challenge ${label}`}>
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={onDelete}
              aria-label={`Delete challenge ${label}`}
              className="text-danger-700 hover:bg-danger-50"
            >
              Delete
            </Button>
          </>
        }
      />
    </li>
  );
}

/** Screen reader announcements that name the challenge and its place instead of an id. */
function announcementsFor(challenges: Challenge[]): Announcements {
  const describe = (id: string | number) => {
    const index = challenges.findIndex((c) => c.id === id);
    const challenge = challenges[index];
    return challenge ? `challenge ${formatMoney(challenge.amount)}` : 'challenge';
  };
  const position = (id: string | number | undefined) =>
    `position ${challenges.findIndex((c) => c.id === id) + 1} of ${challenges.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}, ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describe(active.id)} moved to ${position(over.id)}.`
        : `${describe(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${describe(active.id)} dropped at ${position(over.id)}.` : `${describe(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${describe(active.id)} is back in place.`,
  };
}
