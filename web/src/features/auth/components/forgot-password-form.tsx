import { passwordResetRequestSchema } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { EmailInput } from '@/components/ui/email-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

export const FORGOT_PASSWORD_MESSAGES = {
  sent: (email: string) =>
    `If an account exists for ${email}, we have sent it a link to choose a new password. The link works once, for 1 hour.`,
  failed: 'We could not send the link. Please try again in a moment.',
} as const;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (err) =>
        setError(
          err instanceof ApiRequestError && err.status === 429 && typeof err.body?.message === 'string'
            ? err.body.message
            : FORGOT_PASSWORD_MESSAGES.failed,
        ),
    });
  };

  if (sentTo) {
    return (
      <p role="status" className="text-neutral-700">
        {FORGOT_PASSWORD_MESSAGES.sent(sentTo)}
      </p>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Reset password">
      <FormField label="Email" error={error}>
        {(control) => (
          <EmailInput
            {...control}
            name="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
        {request.isPending && <Spinner />}
        Send reset link
      </Button>
    </form>
  );
}
