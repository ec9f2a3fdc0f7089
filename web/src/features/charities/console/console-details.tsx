import {
  CHARITY_LIMITS,
  updateCharityRequestSchema,
  type Charity,
  type UpdateCharityRequest,
} from '@runpledge/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Section } from '@/components/ui/section';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateCharity } from '../api/console';
import { ActionNotice } from './action-notice';
import { useConsoleAction } from './use-console-action';

type DetailsField = 'name' | 'website' | 'registeredNumber' | 'country' | 'mission';
type DetailsValues = Record<DetailsField, string>;

const valuesOf = (charity: Charity): DetailsValues => ({
  name: charity.name,
  website: charity.website,
  registeredNumber: charity.registeredNumber ?? '',
  country: charity.country,
  mission: charity.mission,
});

/** The charity's public details, as its page shows them. A new website needs verifying again. */
export function ConsoleDetails({ charity }: { charity: Charity }) {
  const update = useUpdateCharity(charity.id, charity.slug);
  const [values, setValues] = useState(() => valuesOf(charity));
  const [errors, setErrors] = useState<Partial<Record<DetailsField, string>>>({});
  const saving = useConsoleAction({
    action: (changes: UpdateCharityRequest) => update.mutateAsync(changes),
    success: () => 'Charity details saved',
    failure: 'The details could not be saved. Please try again.',
  });
  const set = (field: DetailsField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <Section title="Charity details">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = updateCharityRequestSchema.safeParse(values);
          if (!parsed.success) {
            const next: Partial<Record<DetailsField, string>> = {};
            for (const issue of parsed.error.issues) {
              const field = issue.path[0] as DetailsField;
              next[field] ??= issue.message;
            }
            setErrors(next);
            return;
          }
          setErrors({});
          void saving.run(parsed.data);
        }}
      >
        <FormField label="Name" error={errors.name}>
          {(control) => (
            <Input {...control} value={values.name} maxLength={CHARITY_LIMITS.name} onChange={set('name')} />
          )}
        </FormField>
        <FormField
          label="Website"
          hint={charity.verified ? 'Changing the website means verifying the charity again.' : undefined}
          error={errors.website}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              value={values.website}
              maxLength={CHARITY_LIMITS.website}
              onChange={set('website')}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Registered number" aside="Optional" error={errors.registeredNumber}>
            {(control) => (
              <Input
                {...control}
                value={values.registeredNumber}
                maxLength={CHARITY_LIMITS.registeredNumber}
                onChange={set('registeredNumber')}
              />
            )}
          </FormField>
          <FormField label="Country" hint="Two-letter code, e.g. GB or US." error={errors.country}>
            {(control) => (
              <Input
                {...control}
                value={values.country}
                maxLength={2}
                autoCapitalize="characters"
                onChange={set('country')}
              />
            )}
          </FormField>
        </div>
        <FormField label="Mission" aside={`${values.mission.length}/${CHARITY_LIMITS.mission}`} error={errors.mission}>
          {(control) => (
            <Textarea
              {...control}
              value={values.mission}
              rows={3}
              maxLength={CHARITY_LIMITS.mission}
              onChange={set('mission')}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={saving.pending} aria-busy={saving.pending || undefined}>
            {saving.pending ? 'Saving…' : 'Save details'}
          </Button>
        </div>
      </form>
      <ActionNotice error={saving.error} />
    </Section>
  );
}
