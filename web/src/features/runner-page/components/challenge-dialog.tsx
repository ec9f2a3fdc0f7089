import { challengeInputSchema, FIELD_LIMITS, type Challenge, type ChallengeInput } from '@runpledge/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormError } from './form-error';
import { inputClass, labelClass, textareaClass } from './form-fields';

export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

interface ChallengeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The challenge being edited; none to add one. */
  challenge?: Challenge;
  saving: boolean;
  onSave: (input: ChallengeInput) => void;
}

/** Add or edit a challenge: amount, description and whether one supporter only may choose it. */
export function ChallengeDialog({ open, onOpenChange, challenge, saving, onSave }: ChallengeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader
          title={challenge ? 'Edit Challenge' : 'Add Challenge'}
          description="Supporters choose a challenge and donate its amount; you do the challenge."
        />
        {/* Keyed so every opening starts from the challenge's current values. */}
        <ChallengeForm
          key={challenge?.id ?? 'new'}
          challenge={challenge}
          saving={saving}
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface ChallengeFormProps {
  challenge?: Challenge;
  saving: boolean;
  onSave: (input: ChallengeInput) => void;
  onCancel: () => void;
}

function ChallengeForm({ challenge, saving, onSave, onCancel }: ChallengeFormProps) {
  const id = useId();
  const [amount, setAmount] = useState(challenge ? String(challenge.amount) : '');
  const [description, setDescription] = useState(challenge?.description ?? '');
  const [isExclusive, setIsExclusive] = useState(challenge?.isExclusive ?? false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount.trim() === '' || description.trim() === '') {
      setError(FILL_IN_ALL_FIELDS);
      return;
    }
    // The same rules the server applies (amount 0-10000, 2 decimals, 500 characters).
    const parsed = challengeInputSchema.safeParse({ amount, description, isExclusive });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FILL_IN_ALL_FIELDS);
      return;
    }
    setError(null);
    onSave(parsed.data);
  };

  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-amount`} className={labelClass}>
          Amount ($)
        </label>
        <input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          min={FIELD_LIMITS.challengeAmountMin}
          max={FIELD_LIMITS.challengeAmountMax}
          step={FIELD_LIMITS.challengeAmountStep}
          placeholder="250"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-description`} className={labelClass}>
            Description
          </label>
          <span className="text-xs text-muted-foreground">
            {description.length}/{FIELD_LIMITS.challengeDescription}
          </span>
        </div>
        <textarea
          id={`${id}-description`}
          rows={3}
          maxLength={FIELD_LIMITS.challengeDescription}
          placeholder="I run a long run in a banana suit, photos guaranteed"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
          className={textareaClass}
        />
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={isExclusive}
          onChange={(event) => setIsExclusive(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span>
          <span className="font-semibold text-neutral-900">Exclusive</span>
          <span className="block text-muted-foreground">Only one supporter can choose it.</span>
        </span>
      </label>
      <FormError id={errorId} message={error} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : challenge ? 'Save changes' : 'Add challenge'}
        </Button>
      </DialogFooter>
    </form>
  );
}
