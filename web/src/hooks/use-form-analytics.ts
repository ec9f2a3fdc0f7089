import { useCallback, useEffect, useMemo, useRef, type FocusEvent } from 'react';
import { trackEvent, type FormName } from '@/lib/analytics';

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
      trackEvent('form_error', { form_name: formName, field, error_message: errorMessage });
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

  /** Spread on the <form>: focus and blur bubble up from every field (a field may name itself with data-analytics-field). */
  const formProps = useMemo(
    () => ({
      onFocus: start,
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        const target: EventTarget = event.target;
        if (!isField(target)) return;
        const field = target.dataset.analyticsField ?? target.name;
        if (field && target.value.trim()) fieldCompleted(field);
      },
    }),
    [start, fieldCompleted],
  );

  return { formProps, error, complete };
}
