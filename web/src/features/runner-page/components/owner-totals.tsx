import {
  FUNDRAISING_CURRENCIES,
  FUNDRAISING_MILESTONES,
  TOTALS_PLATFORM_NAMES,
  currencySchema,
  fundraisingGoalSchema,
  fundsRaisedSchema,
  milestonesReached,
  totalDonorsSchema,
  type ProfileView,
} from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { useRefreshTotals } from '../api/refresh-totals';
import { useUpdateTotals, type TotalsChanges } from '../api/update-totals';

/** The server's words (e.g. "Totals come from DonorDrive", a 429's advice) or a fallback. */
function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && typeof err.body?.message === 'string' ? err.body.message : fallback;
}

const CELEBRATED_KEY = (profileId: string) => `rp:celebrated-milestone:${profileId}`;

/** The owner's totals controls: the goal, "Refresh totals", raised and donors by hand, and a milestone cheer. */
export default function OwnerTotals({ profile }: { profile: ProfileView }) {
  const [editing, setEditing] = useState(false);
  const hasGoal = Number(profile.fundraisingGoal) > 0;
  const manual = profile.totalsSource === 'manual';
  const refresh = useRefreshTotals(profile);
  const { toast } = useToast();

  return (
    <div className="mt-4 flex flex-col gap-3">
      <MilestoneCheer profile={profile} />
      {!hasGoal && !editing && (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900" data-testid="goal-prompt">
          Set a fundraising goal so supporters can see how close you are.
        </p>
      )}
      {editing ? (
        <TotalsEditor profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {hasGoal ? (manual ? 'Edit totals' : 'Edit goal') : 'Set goal'}
          </Button>
          {!manual && (
            <Button
              variant="outline"
              size="sm"
              disabled={refresh.isPending}
              onClick={() =>
                refresh.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Refreshing your totals…', variant: 'success' }),
                  onError: (err) =>
                    toast({
                      title: errorMessage(err, 'Totals could not be refreshed'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {refresh.isPending ? 'Refreshing…' : 'Refresh totals'}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function TotalsEditor({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
  const manual = profile.totalsSource === 'manual';
  const update = useUpdateTotals(profile);
  const { toast } = useToast();
  const [goal, setGoal] = useState(Number(profile.fundraisingGoal) > 0 ? profile.fundraisingGoal : '');
  const [raised, setRaised] = useState(profile.fundsRaised);
  const [donors, setDonors] = useState(String(profile.totalDonors));
  const [currency, setCurrency] = useState(profile.fundraisingCurrency);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const check = (key: string, result: { success: boolean; error?: { issues: { message: string }[] } }) => {
      if (!result.success) found[key] = result.error?.issues[0]?.message ?? 'Please check this value';
    };
    check('goal', fundraisingGoalSchema.safeParse(goal));
    if (manual) {
      check('raised', fundsRaisedSchema.safeParse(raised));
      check('donors', totalDonorsSchema.safeParse(donors));
      check('currency', currencySchema.safeParse(currency));
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes: TotalsChanges = { fundraisingGoal: goal || '0' };
    if (manual) Object.assign(changes, { fundsRaised: raised || '0', totalDonors: donors || '0' });
    // A synced page's currency is its platform's: only hand-typed totals send one.
    if (manual && currency !== profile.fundraisingCurrency) changes.fundraisingCurrency = currency;
    update.mutate(changes, {
      onSuccess: () => {
        toast({ title: 'Your fundraising totals have been updated', variant: 'success' });
        onDone();
      },
      onError: (err) =>
        toast({
          title: errorMessage(err, 'Failed to update your totals'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-border p-3">
      {manual ? (
        <FormField label="Currency" error={errors.currency}>
          {(control) => (
            <Select {...control} value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {/* A page in a currency not offered any more keeps it until changed. */}
              {!(FUNDRAISING_CURRENCIES as readonly string[]).includes(currency) && (
                <option value={currency}>{currency}</option>
              )}
              {FUNDRAISING_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="platform-currency">
          Currency: <span className="font-semibold text-foreground">{profile.fundraisingCurrency}</span>, set by{' '}
          {TOTALS_PLATFORM_NAMES[profile.totalsSource as keyof typeof TOTALS_PLATFORM_NAMES] ?? 'your platform'}
        </p>
      )}
      <FormField label={`Fundraising goal (${manual ? currency : profile.fundraisingCurrency})`} error={errors.goal}>
        {(control) => (
          <Input {...control} inputMode="decimal" autoFocus value={goal} onChange={(e) => setGoal(e.target.value)} />
        )}
      </FormField>
      {manual && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Amount raised" error={errors.raised}>
            {(control) => (
              <Input {...control} inputMode="decimal" value={raised} onChange={(e) => setRaised(e.target.value)} />
            )}
          </FormField>
          <FormField label="Number of donors" error={errors.donors}>
            {(control) => (
              <Input {...control} inputMode="numeric" value={donors} onChange={(e) => setDonors(e.target.value)} />
            )}
          </FormField>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** A modest cheer for the owner, once per milestone newly reached (remembered in this browser). */
function MilestoneCheer({ profile }: { profile: ProfileView }) {
  const reached = milestonesReached(profile.fundsRaised, profile.fundraisingGoal);
  const top = reached.at(-1);
  const [celebrated, setCelebrated] = useState(() => {
    try {
      return Number(localStorage.getItem(CELEBRATED_KEY(profile.id)) ?? 0);
    } catch {
      return 0;
    }
  });
  if (top === undefined || top <= celebrated || !FUNDRAISING_MILESTONES.includes(top)) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(CELEBRATED_KEY(profile.id), String(top));
    } catch {
      // Private mode: the cheer simply shows again next time.
    }
    setCelebrated(top);
  };
  return (
    <div
      role="status"
      className="flex items-start justify-between gap-3 rounded-lg bg-accent-50 p-3 text-sm text-accent-900 ring-1 ring-accent-200"
      data-testid="milestone-cheer"
    >
      <p>
        <span aria-hidden="true">🎉 </span>
        {top === 100
          ? 'You reached your fundraising goal! Thank you for running for a cause.'
          : `You are ${top}% of the way to your goal. Keep going!`}
      </p>
      <Button variant="ghost" size="sm" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );
}
