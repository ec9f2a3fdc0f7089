import {
  challengeAmountSchema,
  challengeInputSchema,
  FIELD_LIMITS,
  type Challenge,
  type ChallengeInput,
} from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFormAnalytics } from '@/hooks/use-form-analytics';
import { isNumberInput } from '@/lib/number-input';

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

type ChallengeField = 'amount' | 'description';

const FIELD_RULES = { amount: challengeAmountSchema, description: challengeInputSchema.shape.description };

/** The rule a typed value breaks, as the user types; an empty field is only an error on submit. */
function liveError(field: ChallengeField, value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const result = FIELD_RULES[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function ChallengeForm({ challenge, saving, onSave, onCancel }: ChallengeFormProps) {
  const [amount, setAmount] = useState(challenge ? String(challenge.amount) : '');
  const [description, setDescription] = useState(challenge?.description ?? '');
  const [isExclusive, setIsExclusive] = useState(challenge?.isExclusive ?? false);
  const [error, setError] = useState<{ field: ChallengeField; message: string }>();
  const fields = { amount: useRef<HTMLInputElement>(null), description: useRef<HTMLTextAreaElement>(null) };
  const analytics = useFormAnalytics('challenge');

  const fail = (field: ChallengeField, message: string) => {
    setError({ field, message });
    analytics.error(message, field);
    fields[field].current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount.trim() === '') return fail('amount', FILL_IN_ALL_FIELDS);
    if (description.trim() === '') return fail('description', FILL_IN_ALL_FIELDS);
    // The same rules the server applies (amount 0-10000 with 2 decimals, 500 characters).
    const parsed = challengeInputSchema.safeParse({ amount, description, isExclusive });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(issue?.path[0] === 'description' ? 'description' : 'amount', issue?.message ?? FILL_IN_ALL_FIELDS);
    }
    setError(undefined);
    // Valid and handed to the dialog's owner, which saves it (and says so if that fails).
    analytics.complete();
    onSave(parsed.data);
  };

  const values = { amount, description };
  const errorOf = (field: ChallengeField) =>
    liveError(field, values[field]) ?? (error?.field === field ? error.message : undefined);
  return (
    <form {...analytics.formProps} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label="Amount ($)" error={errorOf('amount')}>
        {(control) => (
          <Input
            {...control}
            ref={fields.amount}
            type="number"
            inputMode="decimal"
            min={FIELD_LIMITS.challengeAmountMin}
            max={FIELD_LIMITS.challengeAmountMax}
            step={FIELD_LIMITS.challengeAmountStep}
            placeholder="250"
            value={amount}
            // Spec 5, as on the sign-up form: negative or non-numeric input is ignored.
            onChange={(event) => isNumberInput(event.target.value) && setAmount(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Description"
        error={errorOf('description')}
        aside={`${description.length}/${FIELD_LIMITS.challengeDescription}`}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={fields.description}
            rows={3}
            maxLength={FIELD_LIMITS.challengeDescription}
            placeholder="I run a long run in a banana suit, photos guaranteed"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </FormField>
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
