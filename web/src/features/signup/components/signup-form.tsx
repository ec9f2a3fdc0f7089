import { BUSINESS } from '@runpledge/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useFormAnalytics } from '@/hooks/use-form-analytics';
import { trackFunnelStep } from '@/lib/analytics';
import { isValidSignupFormData, loadSignupForm, saveSignupForm } from '@/lib/signup-form-storage';
import { useSlugCheck } from '../hooks/use-slug-check';
import { useSuggestSlug } from '../hooks/use-suggest-slug';
import {
  EMPTY_SIGNUP_FORM,
  localDateIso,
  toSignupFormData,
  validateSignupForm,
  valuesFromSavedForm,
  type SignupField,
  type SignupFormValues,
} from '../utils/signup-form-values';
import { INPUT_NAME, PageDetailsFields } from './page-details-fields';

function initialValues(): { values: SignupFormValues; restored: boolean } {
  const saved = loadSignupForm();
  return isValidSignupFormData(saved)
    ? { values: valuesFromSavedForm(saved), restored: true }
    : { values: EMPTY_SIGNUP_FORM, restored: false };
}

/** The /signup form (spec 2 and 5): validated, saved in this tab for 30 minutes, then on to account creation. */
export function SignupForm({ onSaved }: { onSaved: () => void }) {
  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initial.values);
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  // The address follows the name until the runner types one of their own.
  const [slugEdited, setSlugEdited] = useState(initial.restored);
  const formRef = useRef<HTMLFormElement>(null);
  const slugCheck = useSlugCheck(values.urlSlug);
  const analytics = useFormAnalytics('signup');
  const today = localDateIso();
  // Loaded once the form is on screen, so /signup's first load does without it.
  const suggestSlug = useSuggestSlug();
  // "Run for us" on a charity's page: /signup?charity={slug} chooses that charity.
  const [params] = useSearchParams();
  const charityFromLink = params.get('charity') ?? undefined;

  const set = <K extends SignupField>(field: K, value: SignupFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'name' && !slugEdited && suggestSlug) next.urlSlug = suggestSlug(value as string);
      return next;
    });
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  // A name typed before the suggestion's code arrived gets its address when it does.
  useEffect(() => {
    if (!suggestSlug || slugEdited) return;
    setValues((current) => {
      const urlSlug = suggestSlug(current.name);
      return urlSlug === current.urlSlug ? current : { ...current, urlSlug };
    });
  }, [suggestSlug, slugEdited]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateSignupForm(values, {
      today,
      slugTakenMessage: slugCheck.status === 'taken' ? slugCheck.message : undefined,
    });
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      for (const problem of problems) analytics.error(problem.message, INPUT_NAME[problem.field]);
      const first = formRef.current?.querySelector<HTMLElement>(`[name="${INPUT_NAME[problems[0]!.field]}"]`);
      first?.focus();
      return;
    }
    saveSignupForm(toSignupFormData(values));
    analytics.complete();
    trackFunnelStep('signup_details_completed');
    onSaved();
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} {...analytics.formProps} className="flex flex-col gap-6">
      <PageDetailsFields
        values={values}
        errors={errors}
        set={set}
        slugCheck={slugCheck}
        onSlugChange={(slug) => {
          setSlugEdited(true);
          set('urlSlug', slug);
        }}
        minDate={today}
        charityFromLink={charityFromLink}
      />

      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-end">
          Continue to Account Creation
        </Button>
        <p className="text-sm text-muted-foreground sm:text-right">
          Your details stay in this browser tab for {BUSINESS.signupDataTtlMinutes} minutes while you create your
          account.
        </p>
      </div>
    </form>
  );
}
