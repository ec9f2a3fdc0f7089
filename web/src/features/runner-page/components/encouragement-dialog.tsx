import { FIELD_LIMITS } from '@runpledge/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { useSendEncouragement } from '../api/send-encouragement';
import { FormError } from './form-error';
import { inputClass, labelClass, textareaClass } from './form-fields';

const ENCOURAGEMENT_MESSAGES = {
  nothingFilled: 'Please fill in all fields',
  oneMissing: 'Both name and message are required',
  sent: 'Encouragement sent!',
  failed: 'Failed to send',
} as const;

interface EncouragementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  runnerProfileId: string;
  runnerName: string;
}

/** Send Encouragement: a supporter's name and a message for the runner. */
export default function EncouragementDialog({
  open,
  onOpenChange,
  runnerProfileId,
  runnerName,
}: EncouragementDialogProps) {
  const send = useSendEncouragement();
  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader
          title="Send Encouragement"
          description={`A few words can carry ${runnerName} through the hard miles.`}
        />
        <EncouragementForm runnerProfileId={runnerProfileId} send={send} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

interface EncouragementFormProps {
  runnerProfileId: string;
  send: ReturnType<typeof useSendEncouragement>;
  onDone: () => void;
}

function EncouragementForm({ runnerProfileId, send, onDone }: EncouragementFormProps) {
  const { toast } = useToast();
  const id = useId();
  const [senderName, setSenderName] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = senderName.trim();
    const text = message.trim();
    if (!name && !text) return setError(ENCOURAGEMENT_MESSAGES.nothingFilled);
    if (!name || !text) return setError(ENCOURAGEMENT_MESSAGES.oneMissing);
    setError(null);
    send.mutate(
      { runnerProfileId, senderName: name, message: text },
      {
        onSuccess: () => {
          toast({ title: ENCOURAGEMENT_MESSAGES.sent, variant: 'success' });
          onDone();
        },
        onError: (failure) => {
          // A 400 names the rule (e.g. 'Both name and message are required'); keep the text typed.
          const reason =
            failure instanceof ApiRequestError && failure.status === 400 && typeof failure.body?.message === 'string'
              ? failure.body.message
              : undefined;
          toast({ title: ENCOURAGEMENT_MESSAGES.failed, description: reason, variant: 'destructive' });
        },
      },
    );
  };

  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-name`} className={labelClass}>
          Your name
        </label>
        <input
          id={`${id}-name`}
          autoComplete="name"
          maxLength={FIELD_LIMITS.senderName}
          value={senderName}
          onChange={(event) => setSenderName(event.target.value)}
          aria-invalid={error && !senderName.trim() ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-message`} className={labelClass}>
            Message
          </label>
          <span className="text-xs text-muted-foreground">
            {message.length}/{FIELD_LIMITS.encouragementMessage}
          </span>
        </div>
        <textarea
          id={`${id}-message`}
          rows={4}
          maxLength={FIELD_LIMITS.encouragementMessage}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={error && !message.trim() ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={textareaClass}
        />
      </div>
      <FormError id={errorId} message={error} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </DialogFooter>
    </form>
  );
}
