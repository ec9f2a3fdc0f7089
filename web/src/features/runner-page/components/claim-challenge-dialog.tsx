import {
  CHALLENGE_ALREADY_CLAIMED,
  CLAIM_LIMITS,
  CLAIM_NAME_REQUIRED,
  claimChallengeRequestSchema,
  formatMoney,
  type Challenge,
  type ClaimChallengeResponse,
  type ProfileView,
} from '@runpledge/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast-context';
import { useFormAnalytics } from '@/hooks/use-form-analytics';
import { ApiRequestError } from '@/lib/api-client';
import { useClaimChallenge } from '../api/claim-challenge';

export const CLAIM_MESSAGES = {
  failed: 'Failed to choose this challenge',
  claimed: 'Challenge chosen!',
} as const;

interface ClaimChallengeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: ProfileView;
  challenge: Challenge;
}

/** Choose This Challenge: the supporter's name (and a message for the runner), then on to donate. */
export default function ClaimChallengeDialog({ open, onOpenChange, profile, challenge }: ClaimChallengeDialogProps) {
  const claim = useClaimChallenge(profile.urlSlug);
  const [claimed, setClaimed] = useState<ClaimChallengeResponse>();
  return (
    <Dialog open={open} onOpenChange={(next) => !claim.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader
          title={claimed ? 'Thank you!' : 'Choose This Challenge'}
          description={`${formatMoney(challenge.amount)}: ${challenge.description}`}
        />
        {claimed ? (
          <ClaimedStep
            runnerName={profile.name}
            amount={challenge.amount}
            claimed={claimed}
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <ClaimForm challenge={challenge} claim={claim} onClaimed={setClaimed} onCancel={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ClaimedStep({
  runnerName,
  amount,
  claimed,
  onDone,
}: {
  runnerName: string;
  amount: number;
  claimed: ClaimChallengeResponse;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p>
        {runnerName} will be told you chose this challenge. Now make it count: donate {formatMoney(amount)} on the
        runner&apos;s fundraising page.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
        {claimed.donationUrl && (
          <a
            href={claimed.donationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles({ variant: 'accent' })}
            onClick={onDone}
          >
            Donate {formatMoney(amount)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </DialogFooter>
    </div>
  );
}

type ClaimField = 'name' | 'message';

interface ClaimFormProps {
  challenge: Challenge;
  claim: ReturnType<typeof useClaimChallenge>;
  onClaimed: (result: ClaimChallengeResponse) => void;
  onCancel: () => void;
}

function ClaimForm({ challenge, claim, onClaimed, onCancel }: ClaimFormProps) {
  const { toast } = useToast();
  const analytics = useFormAnalytics('challenge_claim');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ field: ClaimField; message: string }>();
  const fields = { name: useRef<HTMLInputElement>(null), message: useRef<HTMLTextAreaElement>(null) };

  const fail = (field: ClaimField, text: string) => {
    setError({ field, message: text });
    analytics.error(text, field);
    fields[field].current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rules the server applies.
    const parsed = claimChallengeRequestSchema.safeParse({ name, message });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(issue?.path[0] === 'message' ? 'message' : 'name', issue?.message ?? CLAIM_NAME_REQUIRED);
    }
    setError(undefined);
    claim.mutate(
      { challengeId: challenge.id, body: parsed.data },
      {
        onSuccess: (result) => {
          analytics.complete();
          toast({ title: CLAIM_MESSAGES.claimed, variant: 'success' });
          onClaimed(result);
        },
        onError: (failure) => {
          // 409: someone was quicker; 400 and 429 name the reason too.
          const reason =
            failure instanceof ApiRequestError && typeof failure.body?.message === 'string' && failure.status < 500
              ? failure.body.message
              : undefined;
          analytics.error(reason ?? CLAIM_MESSAGES.failed);
          toast({ title: CLAIM_MESSAGES.failed, description: reason, variant: 'destructive' });
          if (reason === CHALLENGE_ALREADY_CLAIMED) onCancel();
        },
      },
    );
  };

  const errorOf = (field: ClaimField) => (error?.field === field ? error.message : undefined);
  return (
    <form {...analytics.formProps} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label="Your name" error={errorOf('name')}>
        {(control) => (
          <Input
            {...control}
            ref={fields.name}
            autoComplete="name"
            maxLength={CLAIM_LIMITS.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Message (optional)"
        error={errorOf('message')}
        aside={`${message.length}/${CLAIM_LIMITS.message}`}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={fields.message}
            rows={3}
            maxLength={CLAIM_LIMITS.message}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </FormField>
      <p className="text-sm text-muted-foreground">
        {challenge.isExclusive
          ? 'Only one supporter can choose this challenge: your name shows on the page once you have chosen it.'
          : 'Your name goes to the runner; the page shows how many supporters chose this challenge.'}
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={claim.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={claim.isPending}>
          {claim.isPending ? 'Choosing…' : 'Choose and donate'}
        </Button>
      </DialogFooter>
    </form>
  );
}
