import {
  createPledgeRequestSchema,
  MARATHON_DISTANCE,
  PLEDGE_LIMITS,
  type DistanceUnit,
  type PledgeCounts,
} from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { EmailInput } from '@/components/ui/email-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFormAnalytics } from '@/hooks/use-form-analytics';
import { ApiRequestError } from '@/lib/api-client';
import { isNumberInput } from '@/lib/number-input';
import { useCreatePledge } from '../api/create-pledge';
import { formatDistance, UNIT_WORD } from '../utils/pledge-wording';

export const PLEDGE_DIALOG_MESSAGES = {
  failed: 'Your pledge could not be sent. Please try again.',
  checkMail: 'Check your e-mail to confirm',
} as const;

export interface PledgeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  runnerProfileId: string;
  runnerName: string;
  unit: DistanceUnit;
  currency: string;
}

/** Pledge per mile (or km): the supporter's promise, confirmed from the mail it sends. */
export default function PledgeDialog({ open, onOpenChange, ...page }: PledgeDialogProps) {
  const create = useCreatePledge();
  const [sentTo, setSentTo] = useState<string>();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader
          title={sentTo ? PLEDGE_DIALOG_MESSAGES.checkMail : `Pledge per ${UNIT_WORD[page.unit]}`}
          description={
            sentTo
              ? undefined
              : `Promise an amount for every ${UNIT_WORD[page.unit]} ${page.runnerName} runs. You give it on the runner's fundraising page when it falls due; RunPledge never takes the money.`
          }
        />
        {sentTo ? (
          <div className="flex flex-col gap-4">
            <p role="status">
              We sent a link to <strong className="break-all">{sentTo}</strong>. Your pledge counts once you open it and
              confirm (within {PLEDGE_LIMITS.confirmationHours} hours).
            </p>
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <PledgeForm {...page} create={create} onSent={setSentTo} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

type PledgeField = 'name' | 'email' | 'ratePerUnit' | 'cap' | 'counts' | 'message';
const FIELD_ORDER: PledgeField[] = ['name', 'email', 'ratePerUnit', 'cap', 'counts', 'message'];

interface PledgeFormProps extends Omit<PledgeDialogProps, 'open' | 'onOpenChange' | 'runnerName'> {
  create: ReturnType<typeof useCreatePledge>;
  onSent: (email: string) => void;
  onCancel: () => void;
}

function PledgeForm({ runnerProfileId, unit, currency, create, onSent, onCancel }: PledgeFormProps) {
  const analytics = useFormAnalytics('pledge');
  const [values, setValues] = useState({ name: '', email: '', ratePerUnit: '', cap: '', message: '' });
  const [counts, setCounts] = useState<PledgeCounts>('training');
  const [errors, setErrors] = useState<Partial<Record<PledgeField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const unitWord = UNIT_WORD[unit];
  const symbol = currencySymbol(currency);

  const set = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const focus = (field: PledgeField) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    // The rules and messages the server applies (libs/contracts).
    const parsed = createPledgeRequestSchema.safeParse({ ...values, counts });
    if (!parsed.success) {
      const found: Partial<Record<PledgeField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as PledgeField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) {
        analytics.error(found[first]!, first);
        focus(first);
      }
      return;
    }
    setErrors({});
    create.mutate(
      { runnerProfileId, body: parsed.data },
      {
        onSuccess: () => {
          analytics.complete();
          onSent(parsed.data.email);
        },
        onError: (error) => {
          const message =
            error instanceof ApiRequestError && error.status < 500 && typeof error.body?.message === 'string'
              ? error.body.message
              : PLEDGE_DIALOG_MESSAGES.failed;
          analytics.error(message);
          setFailure(message);
        },
      },
    );
  };

  const numberField = (field: 'ratePerUnit' | 'cap') => ({
    name: field,
    inputMode: 'decimal' as const,
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (isNumberInput(event.target.value)) set(field, event.target.value);
    },
  });

  return (
    <form {...analytics.formProps} ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label="Your name" error={errors.name} hint="Shown on the page with your pledge.">
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="name"
            maxLength={PLEDGE_LIMITS.name}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Email" error={errors.email} hint="For the confirmation and, later, what you owe. Never shown.">
        {(control) => (
          <EmailInput
            {...control}
            name="email"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={`Amount per ${unitWord} (${symbol})`} error={errors.ratePerUnit}>
          {(control) => <Input {...control} {...numberField('ratePerUnit')} placeholder="1.00" />}
        </FormField>
        <FormField label={`Cap (${symbol})`} aside="Optional" error={errors.cap} hint="The most you will give in all.">
          {(control) => <Input {...control} {...numberField('cap')} />}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-neutral-900">What counts</legend>
        {(
          [
            [
              'training',
              'Training until race day',
              `Every ${unitWord} of the runs from the day you confirm to race day.`,
            ],
            [
              'race',
              'The race itself',
              `The marathon: ${formatDistance(MARATHON_DISTANCE[unit], unit)} once it is run.`,
            ],
          ] as const
        ).map(([value, label, detail]) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-neutral-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="counts"
              value={value}
              checked={counts === value}
              onChange={() => setCounts(value)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="font-semibold">{label}</span>
              <span className="text-sm text-muted-foreground">{detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField
        label="Message"
        aside={`Optional · ${values.message.length}/${PLEDGE_LIMITS.message}`}
        error={errors.message}
      >
        {(control) => (
          <Textarea
            {...control}
            name="message"
            rows={3}
            maxLength={PLEDGE_LIMITS.message}
            value={values.message}
            onChange={(event) => set('message', event.target.value)}
          />
        )}
      </FormField>
      {failure && (
        <p role="alert" className="text-sm font-semibold text-danger-800">
          {failure}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Pledge'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "$", "£", "€": the symbol the page's currency is written with. */
function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
