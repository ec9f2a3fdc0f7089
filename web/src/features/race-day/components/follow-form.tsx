import { followRequestSchema, RACE_DAY_LIMITS } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { useFollowRunner } from '../api/race-day';

export const FOLLOW_MESSAGES = {
  failed: 'We could not sign you up. Please try again.',
  rateLimited: 'Too many attempts. Please wait a few minutes, then try again.',
} as const;

/** "Follow the race": a supporter's address, for race morning, the finish and the runner's thank-you. */
export function FollowForm({ runnerProfileId, runnerName }: { runnerProfileId: string; runnerName: string }) {
  const follow = useFollowRunner(runnerProfileId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = followRequestSchema.safeParse({ name, email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    follow.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (err) =>
        setError(
          err instanceof ApiRequestError && err.status === 429
            ? FOLLOW_MESSAGES.rateLimited
            : err instanceof ApiRequestError && typeof err.body?.message === 'string' && err.status === 400
              ? err.body.message
              : FOLLOW_MESSAGES.failed,
        ),
    });
  };

  if (sentTo)
    return (
      <p role="status">
        Check your e-mail: we sent a link to <strong className="break-all">{sentTo}</strong>. Open it within{' '}
        {RACE_DAY_LIMITS.confirmationHours} hours to follow {runnerName}&apos;s race.
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Three e-mails at most: race morning, the finish with the time, and {runnerName}&apos;s thank-you. Your address
        is never shown.
      </p>
      <FormField label="Your name" aside="Optional">
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={RACE_DAY_LIMITS.followerName}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Your e-mail" error={error}>
        {(control) => <EmailInput {...control} value={email} onChange={(e) => setEmail(e.target.value)} required />}
      </FormField>
      <Button type="submit" disabled={follow.isPending}>
        Follow the race
      </Button>
    </form>
  );
}
