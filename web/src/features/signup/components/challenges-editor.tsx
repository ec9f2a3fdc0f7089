import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { FIELD_LIMITS } from '@runpledge/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Textarea } from '@/components/ui/textarea';
import { GripIcon } from '@/components/ui/grip-icon';
import { SortableList, type SortableRow } from '@/components/ui/sortable-list';
import { cn } from '@/lib/cn';
import { acceptsNumber, newChallengeDraft, type ChallengeDraft } from '../utils/signup-form-values';

const AMOUNT_RULES = {
  min: FIELD_LIMITS.challengeAmountMin,
  max: FIELD_LIMITS.challengeAmountMax,
  decimals: 2,
} as const;

const CLAIM_OPTIONS = [
  { value: 'multiple', label: 'Multiple' },
  { value: 'exclusive', label: 'Exclusive' },
] as const;

const SCREEN_READER_INSTRUCTIONS =
  'To reorder a challenge, press space or enter on its handle to pick it up, use the up and down arrow keys to move it, then press space or enter to drop it, or escape to cancel.';

interface ChallengesEditorProps {
  challenges: ChallengeDraft[];
  onChange: (challenges: ChallengeDraft[]) => void;
}

/** Spec 2: add, delete, drag to reorder (mouse, touch or keyboard), and Exclusive/Multiple per challenge. */
export function ChallengesEditor({ challenges, onChange }: ChallengesEditorProps) {
  const [focusId, setFocusId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const position = (id: UniqueIdentifier) => challenges.findIndex((c) => c.id === id) + 1;
  const count = challenges.length;
  // Positions as they were when the drag began: the list itself is only reordered on drop.
  const drag = useRef({ from: 0, over: 0 });
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      drag.current = { from: position(active.id), over: position(active.id) };
      return `Picked up challenge ${drag.current.from} of ${count}.`;
    },
    onDragOver: ({ over }) => {
      // The first "over" is the challenge's own place, already said by the pick-up.
      if (!over || position(over.id) === drag.current.over) return undefined;
      drag.current.over = position(over.id);
      return `Challenge ${drag.current.from} is over position ${drag.current.over} of ${count}.`;
    },
    onDragEnd: ({ over }) =>
      over
        ? `Challenge ${drag.current.from} dropped at position ${drag.current.over} of ${count}.`
        : `Challenge ${drag.current.from} dropped where it was.`,
    onDragCancel: () => `Reordering cancelled. Challenge ${drag.current.from} is back in its place.`,
  };

  const update = (id: string, change: Partial<ChallengeDraft>) =>
    onChange(challenges.map((c) => (c.id === id ? { ...c, ...change } : c)));

  const add = () => {
    const draft = newChallengeDraft();
    onChange([...challenges, draft]);
    setFocusId(draft.id);
  };

  const remove = (id: string) => {
    onChange(challenges.filter((c) => c.id !== id));
    // The row and its button are gone: keep the keyboard user in the editor.
    addButton.current?.focus();
  };

  const incomplete = challenges.some((c) => (c.amount === '') !== (c.description.trim() === ''));

  return (
    <div className="flex flex-col gap-4">
      {count === 0 ? (
        <p className="rounded-lg border border-dashed border-neutral-300 bg-neutral-50 px-4 py-6 text-center text-sm text-muted-foreground">
          No challenges yet. Add one, like “$50: I’ll run a mile in a costume of your choice”.
        </p>
      ) : (
        <SortableList
          as="ol"
          label="Challenges"
          className="flex flex-col gap-3"
          items={challenges}
          announcements={announcements}
          screenReaderInstructions={SCREEN_READER_INSTRUCTIONS}
          onReorder={onChange}
          renderRow={(challenge, index, row) => (
            <ChallengeRow
              row={row}
              challenge={challenge}
              index={index}
              autoFocus={challenge.id === focusId}
              onChange={(change) => update(challenge.id, change)}
              onRemove={() => remove(challenge.id)}
            />
          )}
        />
      )}
      {incomplete && (
        <p className="text-sm text-muted-foreground">
          A challenge needs both an amount and a description to be saved; incomplete ones are left out.
        </p>
      )}
      <Button ref={addButton} variant="outline" onClick={add} className="self-start">
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
          <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
        Add challenge
      </Button>
    </div>
  );
}

interface ChallengeRowProps {
  row: SortableRow;
  challenge: ChallengeDraft;
  index: number;
  autoFocus: boolean;
  onChange: (change: Partial<ChallengeDraft>) => void;
  onRemove: () => void;
}

function ChallengeRow({ row, challenge, index, autoFocus, onChange, onRemove }: ChallengeRowProps) {
  const { rowProps, handleProps, isDragging } = row;
  const amountInput = useRef<HTMLInputElement>(null);
  const number = index + 1;

  useEffect(() => {
    if (autoFocus) amountInput.current?.focus();
  }, [autoFocus]);

  return (
    <li
      {...rowProps}
      data-testid="challenge-row"
      className={cn(
        'rounded-lg border border-border bg-white p-4',
        isDragging && 'relative z-10 border-brand-300 shadow-card ring-2 ring-brand-500/20',
      )}
    >
      <div className="mb-3 flex items-center gap-2">
        <button
          type="button"
          {...handleProps}
          aria-label={`Reorder challenge ${number}`}
          className="-ml-1 flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 active:cursor-grabbing"
        >
          <GripIcon />
        </button>
        <h3 className="flex-1 text-sm font-semibold text-neutral-900">Challenge {number}</h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Delete challenge ${number}`}
          className="text-danger-700 hover:bg-danger-50"
        >
          Delete
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <FormField label="Amount ($)">
          {(control) => (
            <Input
              {...control}
              ref={amountInput}
              type="number"
              inputMode="decimal"
              name="challenge-amount"
              data-analytics-field="challenges"
              min={AMOUNT_RULES.min}
              max={AMOUNT_RULES.max}
              step={FIELD_LIMITS.challengeAmountStep}
              placeholder="e.g. 50"
              value={challenge.amount}
              onChange={(event) => {
                if (acceptsNumber(event.target.value, AMOUNT_RULES)) onChange({ amount: event.target.value });
              }}
            />
          )}
        </FormField>
        <div className="flex flex-col gap-2">
          {/* The radio group carries its own numbered name for screen readers. */}
          <span aria-hidden="true" className="text-sm font-semibold text-neutral-900">
            Who can choose it
          </span>
          <SegmentedControl
            label={`Who can choose challenge ${number}`}
            value={challenge.isExclusive ? 'exclusive' : 'multiple'}
            options={CLAIM_OPTIONS}
            onChange={(value) => onChange({ isExclusive: value === 'exclusive' })}
            className="self-start"
          />
          <p className="text-sm text-muted-foreground">
            {challenge.isExclusive
              ? 'Only the first supporter can claim it.'
              : 'Any number of supporters can choose it.'}
          </p>
        </div>
      </div>
      <FormField
        label="Description"
        className="mt-4"
        aside={`${challenge.description.length}/${FIELD_LIMITS.challengeDescription}`}
      >
        {(control) => (
          <Textarea
            {...control}
            name="challenge-description"
            data-analytics-field="challenges"
            rows={2}
            className="min-h-20"
            maxLength={FIELD_LIMITS.challengeDescription}
            placeholder="e.g. I’ll run my next long run in a banana suit"
            value={challenge.description}
            onChange={(event) =>
              onChange({ description: event.target.value.slice(0, FIELD_LIMITS.challengeDescription) })
            }
          />
        )}
      </FormField>
    </li>
  );
}
