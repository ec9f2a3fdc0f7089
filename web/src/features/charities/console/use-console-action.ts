import { useState } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { apiErrorMessage } from '@/lib/api-error-message';

interface ConsoleActionOptions<TInput, TResult> {
  action: (input: TInput) => Promise<TResult>;
  /** What is said once the change is made: a toast, or with `inline` the section's own notice. */
  success: (result: TResult, input: TInput) => string;
  /** The success stays in the section (`done`, for a role="status") rather than a passing toast. */
  inline?: boolean;
  /** The inline error's wording when the answer carries no message of its own. */
  failure: string;
  onDone?: (result: TResult, input: TInput) => void;
}

/**
 * A console form's send: done, a success toast (or `done` with `inline`); refused, the server's own
 * words shown inline (`error`, for a role="alert" under the form), next to what needs changing.
 */
export function useConsoleAction<TInput, TResult>({
  action,
  success,
  failure,
  inline = false,
  onDone,
}: ConsoleActionOptions<TInput, TResult>) {
  const { toast } = useToast();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [pending, setPending] = useState(false);
  const run = async (input: TInput) => {
    setError(undefined);
    setDone(undefined);
    setPending(true);
    try {
      const result = await action(input);
      const said = success(result, input);
      if (inline) setDone(said);
      else toast({ title: said, variant: 'success' });
      onDone?.(result, input);
    } catch (err) {
      setError(apiErrorMessage(err, failure));
    } finally {
      setPending(false);
    }
  };
  return { run, error, done, pending };
}
