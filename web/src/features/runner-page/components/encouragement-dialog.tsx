import { FIELD_LIMITS } from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast-context';
import { ApiRequestError } from '@/lib/api-client';
import { useSendEncouragement } from '../api/send-encouragement';
import { useReadOnlyAction } from './read-only-action';
import { useFormAnalytics } from '@/hooks/use-form-analytics';

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

type EncouragementField = 'senderName' | 'message';

function EncouragementForm({ runnerProfileId, send, onDone }: EncouragementFormProps) {
  const { toast } = useToast();
  const onReadOnlyAction = useReadOnlyAction();
  const analytics = useFormAnalytics('encouragement');
  const [senderName, setSenderName] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ field: EncouragementField; message: string }>();
  const fields = { senderName: useRef<HTMLInputElement>(null), message: useRef<HTMLTextAreaElement>(null) };

  const fail = (field: EncouragementField, text: string) => {
    setError({ field, message: text });
    analytics.error(text, field);
    fields[field].current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = senderName.trim();
    const text = message.trim();
    if (!name && !text) return fail('senderName', ENCOURAGEMENT_MESSAGES.nothingFilled);
    if (!name) return fail('senderName', ENCOURAGEMENT_MESSAGES.oneMissing);
    if (!text) return fail('message', ENCOURAGEMENT_MESSAGES.oneMissing);
    setError(undefined);
    if (onReadOnlyAction) {
      onReadOnlyAction({ kind: 'encourage' });
      onDone();
      return;
    }
    send.mutate(
      { runnerProfileId, senderName: name, message: text },
      {
        onSuccess: () => {
          analytics.complete();
          toast({ title: ENCOURAGEMENT_MESSAGES.sent, variant: 'success' });
          onDone();
        },
        onError: (failure) => {
          // A 400 names the rule (e.g. 'Both name and message are required'); keep the text typed.
          const reason =
            failure instanceof ApiRequestError && failure.status === 400 && typeof failure.body?.message === 'string'
              ? failure.body.message
              : undefined;
          analytics.error(reason ?? ENCOURAGEMENT_MESSAGES.failed);
          toast({ title: ENCOURAGEMENT_MESSAGES.failed, description: reason, variant: 'destructive' });
        },
      },
    );
  };

  const errorOf = (field: EncouragementField) => (error?.field === field ? error.message : undefined);
  return (
    <form {...analytics.formProps} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label="Your name" error={errorOf('senderName')}>
        {(control) => (
          <Input
            {...control}
            ref={fields.senderName}
            autoComplete="name"
            maxLength={FIELD_LIMITS.senderName}
            value={senderName}
            onChange={(event) => setSenderName(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Message"
        error={errorOf('message')}
        aside={`${message.length}/${FIELD_LIMITS.encouragementMessage}`}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={fields.message}
            rows={4}
            maxLength={FIELD_LIMITS.encouragementMessage}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </FormField>
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
