import { CHARITY_LIMITS } from '@runpledge/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Section } from '@/components/ui/section';
import { Textarea } from '@/components/ui/textarea';
import { useMessageRunners } from '../api/console';
import { ActionNotice } from './action-notice';
import { useConsoleAction } from './use-console-action';
import type { RunnerSelection } from './use-runner-list';

const runnersWord = (n: number) => `${n} ${n === 1 ? 'runner' : 'runners'}`;

/** A plain-text message to the runners ticked in the list, mailed through RunPledge. */
export function MessageRunners({ charityId, selection }: { charityId: string; selection: RunnerSelection }) {
  const send = useMessageRunners(charityId);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const message = useConsoleAction({
    action: (ids: string[]) => send.mutateAsync({ subject: subject.trim(), body: body.trim(), runnerProfileIds: ids }),
    success: ({ queued }, ids) =>
      queued < ids.length
        ? `Message queued for ${runnersWord(queued)}. ${runnersWord(ids.length - queued)} already had a message from you this week.`
        : `Message queued for ${runnersWord(queued)}`,
    failure: 'The message could not be sent. Please try again.',
    inline: true,
    onDone: () => {
      setSubject('');
      setBody('');
      selection.clear();
    },
  });
  const count = selection.selected.size;
  const ready = count > 0 && subject.trim() !== '' && body.trim() !== '';
  return (
    <Section title="Message runners">
      <p className="mb-4 text-muted-foreground">
        Tick runners in the list above to write to them. A runner gets at most one message a week from your charity:
        anyone you wrote to in the last 7 days is skipped. Every message lets the runner stop them, and their e-mail
        address stays private.
      </p>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) void message.run([...selection.selected.keys()]);
        }}
      >
        <p className="text-sm font-medium" aria-live="polite">
          {count === 0 ? 'No runners selected yet.' : `To ${runnersWord(count)}`}
        </p>
        <FormField label="Subject" aside={`${subject.length}/${CHARITY_LIMITS.messageSubject}`}>
          {(control) => (
            <Input
              {...control}
              value={subject}
              maxLength={CHARITY_LIMITS.messageSubject}
              onChange={(e) => setSubject(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Message" hint="Plain text only." aside={`${body.length}/${CHARITY_LIMITS.messageBody}`}>
          {(control) => (
            <Textarea
              {...control}
              value={body}
              rows={6}
              maxLength={CHARITY_LIMITS.messageBody}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={!ready || message.pending} aria-busy={message.pending || undefined}>
            {message.pending ? 'Sending…' : count > 0 ? `Send to ${runnersWord(count)}` : 'Send message'}
          </Button>
        </div>
      </form>
      <ActionNotice error={message.error} done={message.done} />
    </Section>
  );
}
