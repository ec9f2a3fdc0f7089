import { useState } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { apiErrorMessage } from '@/lib/api-error-message';

interface ConfirmAndToastOptions<T> {
  /** The change the question asks about, for the subject it was asked of. */
  action: (subject: T) => Promise<unknown>;
  /** The toast once the change is made. */
  success: (subject: T) => string;
  /** The error toast's wording when the answer carries no message of its own. */
  failure: string;
  /** After the success toast, once the dialog is closed (e.g. leave the page). */
  onDone?: (subject: T) => void;
}

/**
 * A `ConfirmDialog` question about a subject (a member, or `true` for the section's own change):
 * `ask(subject)` opens it and `dialog` goes to the dialog. Confirmed, the change runs; done, a
 * success toast shows and the dialog closes; refused, an error toast says why and it stays open.
 */
export function useConfirmAndToast<T>({ action, success, failure, onDone }: ConfirmAndToastOptions<T>) {
  const [subject, setSubject] = useState<T | null>(null);
  const { toast } = useToast();
  return {
    subject,
    ask: (next: T) => setSubject(next),
    dialog: {
      open: subject !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setSubject(null);
      },
      onConfirm: async () => {
        if (subject === null) return;
        try {
          await action(subject);
          toast({ title: success(subject), variant: 'success' });
          setSubject(null);
          onDone?.(subject);
        } catch (err) {
          toast({ title: apiErrorMessage(err, failure), variant: 'destructive' });
        }
      },
    },
  };
}
