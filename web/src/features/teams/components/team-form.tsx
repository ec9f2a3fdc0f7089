import {
  FUNDRAISING_CURRENCIES,
  TEAM_LIMITS,
  teamSlugSchema,
  type ProfileSummary,
  type TeamJoinRule,
} from '@runpledge/contracts';
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { EventSuggestions } from '@/features/events';
import { SlugField, suggestSlug } from '@/features/signup';
import type { TeamField, TeamFormErrors, TeamFormValues } from '../utils/team-form-values';

// The directory search loads with the form's first use of it, not with every team page.
const CharityPicker = lazy(() => import('@/features/charities').then((m) => ({ default: m.CharityPicker })));

const JOIN_RULES: ReadonlyArray<{ value: TeamJoinRule; label: string; hint: string }> = [
  { value: 'open', label: 'Open', hint: 'Anyone with the team’s address joins at once.' },
  { value: 'approval', label: 'Approval', hint: 'You approve each request (your invite link still lets people in).' },
];

interface TeamFormProps {
  initial: TeamFormValues;
  /** The runner's pages to captain the team with; absent when editing. */
  captainPages?: ProfileSummary[];
  /** Errors found on submit (by the shared schema, or the server's, e.g. a taken address). */
  errors: TeamFormErrors;
  formError?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: TeamFormValues) => void;
  onCancel?: () => void;
}

/** The team's details: name (which suggests the address), address, story, charity, marathon, currency, goal, join rule. */
export function TeamForm({
  initial,
  captainPages,
  errors,
  formError,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: TeamFormProps) {
  const [values, setValues] = useState(initial);
  // The address follows the name until the runner types one of their own (or when editing).
  const [slugEdited, setSlugEdited] = useState(initial.slug !== '');
  const [currencyChosen, setCurrencyChosen] = useState(!captainPages);

  const set = <K extends TeamField>(field: K, value: TeamFormValues[K]) =>
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'name' && !slugEdited) next.slug = suggestSlug(value as string);
      if (field === 'captainProfileId' && !currencyChosen) {
        const page = captainPages?.find((p) => p.id === value);
        if (page && (FUNDRAISING_CURRENCIES as readonly string[]).includes(page.fundraisingCurrency)) {
          next.currency = page.fundraisingCurrency;
        }
      }
      return next;
    });

  // A race chosen from the suggestions brings its day, unless a day of the captain's own is there
  // (then the name and that day find or make the race on save).
  const dayFromEvent = useRef<string | undefined>(undefined);
  const raceDate = values.marathonDate;
  const chooseEvent = useCallback(
    (event: { date: string }) => {
      if (raceDate !== '' && raceDate !== dayFromEvent.current) return;
      dayFromEvent.current = event.date;
      if (event.date !== raceDate) set('marathonDate', event.date);
    },
    [raceDate, set],
  );

  const liveSlugProblem =
    values.slug === '' || errors.slug ? undefined : teamSlugSchema.safeParse(values.slug).error?.issues[0]?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {formError && (
        <p role="alert" className="rounded-lg bg-danger-50 p-3 font-semibold text-danger-800">
          {formError}
        </p>
      )}
      <FormField label="Team name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="team_name"
            maxLength={TEAM_LIMITS.name}
            autoComplete="off"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </FormField>
      <SlugField
        label="Team address"
        path="teams/"
        what="team"
        placeholder="your-team"
        name="team_slug"
        value={values.slug}
        error={errors.slug ?? liveSlugProblem}
        onChange={(slug) => {
          setSlugEdited(true);
          set('slug', slug);
        }}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-neutral-900">Charity</legend>
        <Suspense fallback={<p className="text-muted-foreground">Loading charities…</p>}>
          <CharityPicker
            value={values.charity}
            onChange={(charity) => set('charity', charity)}
            name="team_charity_query"
          />
        </Suspense>
        {!values.charity && (
          <FormField label="Charity name" hint="For a charity not listed on RunPledge." error={errors.charityName}>
            {(control) => (
              <Input
                {...control}
                name="charity_name"
                maxLength={TEAM_LIMITS.charityName}
                value={values.charityName}
                onChange={(e) => set('charityName', e.target.value)}
              />
            )}
          </FormField>
        )}
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Marathon name" error={errors.marathonName}>
          {(control) => (
            <Input
              {...control}
              name="marathon_name"
              maxLength={TEAM_LIMITS.marathonName}
              autoComplete="off"
              list="team-marathon-suggestions"
              value={values.marathonName}
              onChange={(e) => set('marathonName', e.target.value)}
            />
          )}
        </FormField>
        <EventSuggestions id="team-marathon-suggestions" typed={values.marathonName} onChoose={chooseEvent} />
        <FormField label="Marathon date" error={errors.marathonDate}>
          {(control) => (
            <Input
              {...control}
              type="date"
              name="marathon_date"
              value={values.marathonDate}
              onChange={(e) => set('marathonDate', e.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Currency" error={errors.currency}>
          {(control) => (
            <Select
              {...control}
              name="currency"
              value={values.currency}
              onChange={(e) => {
                setCurrencyChosen(true);
                set('currency', e.target.value);
              }}
            >
              {FUNDRAISING_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Team goal" error={errors.goalAmount} aside="Optional">
          {(control) => (
            <Input
              {...control}
              name="goal_amount"
              inputMode="decimal"
              placeholder="e.g. 25000"
              value={values.goalAmount}
              onChange={(e) => set('goalAmount', e.target.value)}
            />
          )}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-neutral-900">Who can join</legend>
        {JOIN_RULES.map((rule) => (
          <label key={rule.value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3">
            <input
              type="radio"
              name="join_rule"
              value={rule.value}
              checked={values.joinRule === rule.value}
              onChange={() => set('joinRule', rule.value)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-brand-950">{rule.label}</span>
              <span className="block text-sm text-muted-foreground">{rule.hint}</span>
            </span>
          </label>
        ))}
        {errors.joinRule && <p className="text-sm text-danger-700">{errors.joinRule}</p>}
      </fieldset>
      {captainPages && (
        <FormField
          label="Your page in the team"
          error={errors.captainProfileId}
          hint="This page becomes the team’s first member and its captain."
        >
          {(control) => (
            <Select
              {...control}
              name="captain_page"
              value={values.captainProfileId}
              onChange={(e) => set('captainProfileId', e.target.value)}
            >
              <option value="">Choose one of your pages</option>
              {captainPages.map((page) => (
                <option key={page.id} value={page.id}>
                  {page.name} (/{page.urlSlug})
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      <FormField label="Team story" error={errors.story} aside="Optional">
        {(control) => (
          <Textarea
            {...control}
            name="team_story"
            maxLength={TEAM_LIMITS.story}
            value={values.story}
            onChange={(e) => set('story', e.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
