import { useCallback, useEffect, useMemo, useRef, type FocusEvent } from 'react';
import { trackEvent, type FormName } from '@/lib/analytics';

/**
 * Every field name the events carry, in one style (snake_case, like the event keys), whatever the
 * input calls itself: `donorDriveEventUrl`, `challenge-amount` and "Marathon date" become
 * `donor_drive_event_url`, `challenge_amount` and `marathon_date`.
 */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The field's analytics name: data-analytics-field, else its name, else its label (snake_case). */
function fieldName(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string | undefined {
  const name = field.dataset.analyticsField || field.name || field.labels?.[0]?.textContent || '';
  return snakeCase(name) || undefined;
}

function isField(target: EventTarget): target is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
  );
}

/**
 * The form events of the analytics plan for one form: form_start on the first focus,
 * form_progress the first time each field is left filled in, form_error and form_complete on
 * submit, and form_abandon when a started form is left (route change or closed tab) unsubmitted.
 * Only field names are sent, never what was typed.
 */
export function useFormAnalytics(formName: FormName) {
  const state = useRef({ started: false, finished: false, lastField: undefined as string | undefined });
  const completedFields = useRef(new Set<string>());

  const start = useCallback(() => {
    if (state.current.started) return;
    state.current.started = true;
    trackEvent('form_start', { form_name: formName });
  }, [formName]);

  const fieldCompleted = useCallback(
    (field: string) => {
      start();
      state.current.lastField = field;
      if (completedFields.current.has(field)) return;
      completedFields.current.add(field);
      trackEvent('form_progress', { form_name: formName, field, step: completedFields.current.size });
    },
    [formName, start],
  );

  const error = useCallback(
    (errorMessage: string, field?: string) => {
      start();
      trackEvent('form_error', {
        form_name: formName,
        field: field === undefined ? undefined : snakeCase(field),
        error_message: errorMessage,
      });
    },
    [formName, start],
  );

  const complete = useCallback(() => {
    state.current.finished = true;
    trackEvent('form_complete', { form_name: formName });
  }, [formName]);

  useEffect(() => {
    const abandon = () => {
      const { started, finished, lastField } = state.current;
      if (!started || finished) return;
      state.current.finished = true;
      trackEvent('form_abandon', { form_name: formName, last_field: lastField });
    };
    window.addEventListener('pagehide', abandon);
    return () => {
      window.removeEventListener('pagehide', abandon);
      abandon();
    };
  }, [formName]);

  /** Spread on the <form>: focus and blur bubble up from every field (named as `fieldName` says). */
  const formProps = useMemo(
    () => ({
      onFocus: start,
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        const target: EventTarget = event.target;
        if (!isField(target)) return;
        const field = fieldName(target);
        if (field && target.value.trim()) fieldCompleted(field);
      },
    }),
    [start, fieldCompleted],
  );

  return { formProps, error, complete };
}
