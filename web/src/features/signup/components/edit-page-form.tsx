import type { ProfileView } from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { ApiRequestError } from '@/lib/api-client';
import { useSavePageDetails } from '../api/save-page-details';
import { useSlugCheck, type SlugCheck } from '../hooks/use-slug-check';
import { valuesFromProfile } from '../utils/edit-page-values';
import { localDateIso, validateSignupForm, type SignupField, type SignupFormValues } from '../utils/signup-form-values';
import { INPUT_NAME, PageDetailsFields } from './page-details-fields';

const UNCHANGED: SlugCheck = { status: 'empty' };

/**
 * /{slug}/edit: every field of the sign-up form, with its checks and messages, for a page that
 * exists. The marathon date may stay as it is once passed; the page's own address is not "taken".
 */
export function EditPageForm({ page, onSaved }: { page: ProfileView; onSaved: (slug: string) => void }) {
  const [values, setValues] = useState(() => valuesFromProfile(page));
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const liveCheck = useSlugCheck(values.urlSlug);
  const slugCheck = values.urlSlug === page.urlSlug ? UNCHANGED : liveCheck;
  const save = useSavePageDetails(page);
  const today = localDateIso();

  const set = <K extends SignupField>(field: K, value: SignupFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const focus = (field: SignupField) =>
    formRef.current?.querySelector<HTMLElement>(`[name="${INPUT_NAME[field]}"]`)?.focus();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    const problems = validateSignupForm(values, {
      today,
      unchangedDate: page.marathonDate,
      slugTakenMessage: slugCheck.status === 'taken' ? slugCheck.message : undefined,
    });
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      focus(problems[0]!.field);
      return;
    }
    save.mutate(values, {
      onSuccess: (profile) => onSaved(profile.urlSlug),
      onError: (error) => {
        const message = error instanceof ApiRequestError ? error.body?.message : undefined;
        // A slug taken meanwhile is the address field's problem; anything else is the form's.
        if (error instanceof ApiRequestError && error.status === 409 && message) {
          setErrors((current) => ({ ...current, urlSlug: message }));
          focus('urlSlug');
        } else {
          setFailure(typeof message === 'string' ? message : 'Your changes could not be saved. Please try again.');
        }
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
      <PageDetailsFields
        values={values}
        errors={errors}
        set={set}
        slugCheck={slugCheck}
        onSlugChange={(slug) => set('urlSlug', slug)}
        minDate={page.marathonDate < today ? page.marathonDate : today}
      />
      {values.urlSlug !== page.urlSlug && (
        <p className="text-sm text-muted-foreground">
          Links to /{page.urlSlug} will keep working: they lead to the new address.
        </p>
      )}
      {page.charityId && !values.charity && (
        <p className="text-sm text-muted-foreground">
          Save your changes to leave {page.charityName ?? 'the charity'}: it then no longer sees your page.
        </p>
      )}
      {failure && (
        <p role="alert" className="text-danger-700">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <LinkButton to="/dashboard" variant="ghost">
          Cancel
        </LinkButton>
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
