import { CHARITY_LIMITS, CHARITY_SLUG_TAKEN, charitySlugSchema } from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast-context';
import { SlugField, suggestSlug } from '@/features/signup';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCreateCharity } from '../api/create-charity';
import { browserCountry, countryOptions } from '../utils/countries';
import {
  CHARITY_FIELD_ORDER,
  EMPTY_CHARITY_FORM,
  parseNewCharity,
  withScheme,
  type CharityField,
  type CharityFormErrors,
  type CharityFormValues,
} from '../utils/charity-form-values';

/** The `name` of each input: used to focus the first problem. */
const INPUT_NAME: Record<CharityField, string> = {
  name: 'charity_name',
  slug: 'charity_slug',
  website: 'charity_website',
  registeredNumber: 'charity_registered_number',
  country: 'charity_country',
  mission: 'charity_mission',
};

/**
 * "Start a charity page" (/charities/new): name (which suggests the address), address, website,
 * registered number, country and one-line mission. The creator becomes the charity's first admin
 * and lands on its console.
 */
export function CharityForm() {
  const [values, setValues] = useState<CharityFormValues>(() => ({ ...EMPTY_CHARITY_FORM, country: browserCountry() }));
  // The address follows the name until one is typed by hand.
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<CharityFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateCharity();
  const navigate = useNavigate();
  const { toast } = useToast();

  const set = (field: CharityField, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'name' && !slugEdited) next.slug = suggestSlug(value);
      return next;
    });
    // A name that moves the address clears the address's problem too.
    const changed: CharityField[] = field === 'name' && !slugEdited ? ['name', 'slug'] : [field];
    setErrors((current) =>
      changed.some((f) => current[f])
        ? { ...current, ...Object.fromEntries(changed.map((f) => [f, undefined])) }
        : current,
    );
  };

  const focus = (field: CharityField) =>
    formRef.current?.querySelector<HTMLElement>(`[name="${INPUT_NAME[field]}"]`)?.focus();

  // Reserved addresses are known here: said as the address is typed, not only on submit.
  const liveSlugProblem =
    values.slug === '' || errors.slug ? undefined : charitySlugSchema.safeParse(values.slug).error?.issues[0]?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = parseNewCharity(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      const first = CHARITY_FIELD_ORDER.find((field) => parsed.errors[field]);
      if (first) focus(first);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ charity }) => {
        toast({
          title: `${charity.name} is on RunPledge`,
          description: 'Verify it from its console so runners see it as verified.',
          variant: 'success',
        });
        // Replacing the form in the history: back does not submit it again.
        void navigate(`/charities/${charity.slug}/console`, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409) {
          setErrors({ slug: CHARITY_SLUG_TAKEN });
          focus('slug');
        } else {
          setFormError(apiErrorMessage(error, 'The charity could not be created. Please try again.'));
        }
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      {formError && (
        <p role="alert" className="rounded-lg bg-danger-50 p-3 font-semibold text-danger-800">
          {formError}
        </p>
      )}
      <FormField label="Charity name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name={INPUT_NAME.name}
            autoComplete="organization"
            maxLength={CHARITY_LIMITS.name}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </FormField>
      <SlugField
        label="Charity address"
        path="charities/"
        what="charity’s page"
        placeholder="your-charity"
        name={INPUT_NAME.slug}
        value={values.slug}
        error={errors.slug ?? liveSlugProblem}
        onChange={(slug) => {
          setSlugEdited(true);
          set('slug', slug);
        }}
      />
      <FormField
        label="Website"
        error={errors.website}
        hint="Your charity’s own site. Verifying the charity later mails an address at this domain."
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            name={INPUT_NAME.website}
            autoComplete="url"
            placeholder="https://…"
            maxLength={CHARITY_LIMITS.website}
            value={values.website}
            onChange={(e) => set('website', e.target.value)}
            onBlur={(e) => {
              const website = withScheme(e.target.value);
              if (website !== values.website) set('website', website);
            }}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Registered number" aside="Optional" error={errors.registeredNumber}>
          {(control) => (
            <Input
              {...control}
              name={INPUT_NAME.registeredNumber}
              autoComplete="off"
              maxLength={CHARITY_LIMITS.registeredNumber}
              value={values.registeredNumber}
              onChange={(e) => set('registeredNumber', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Country" error={errors.country}>
          {(control) => (
            <Select
              {...control}
              name={INPUT_NAME.country}
              value={values.country}
              onChange={(e) => set('country', e.target.value)}
            >
              <option value="">Choose a country</option>
              {countryOptions().map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        label="Mission"
        error={errors.mission}
        hint="One line, shown under your charity’s name."
        aside={`${values.mission.length}/${CHARITY_LIMITS.mission}`}
      >
        {(control) => (
          <Input
            {...control}
            name={INPUT_NAME.mission}
            autoComplete="off"
            maxLength={CHARITY_LIMITS.mission}
            placeholder="e.g. Clean rivers for everyone"
            value={values.mission}
            onChange={(e) => set('mission', e.target.value)}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create the charity page'}
        </Button>
      </div>
    </form>
  );
}
