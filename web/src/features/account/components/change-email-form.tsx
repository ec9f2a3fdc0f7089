import { changeEmailRequestSchema } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { EmailInput } from '@/components/ui/email-input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useChangeEmail } from '../api/change-email';
import { apiErrorMessage } from '@/lib/api-error-message';

type Errors = Partial<Record<'email' | 'password' | 'form', string>>;

/** A new address, confirmed by the current password; it takes effect once the link sent to it is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changeEmailRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'email' | 'password'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
        setEmail('');
        setPassword('');
      },
      onError: (error) => {
        const message = apiErrorMessage(error);
        setErrors(/password/i.test(message) ? { password: message } : { email: message });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Change e-mail">
      <p className="text-sm text-neutral-700">
        Your e-mail is <strong className="break-all">{currentEmail}</strong>.
      </p>
      <FormField label="New e-mail" error={errors.email}>
        {(control) => (
          <EmailInput {...control} name="new-email" value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </FormField>
      <FormField label="Current password" error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="email-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </FormField>
      {sentTo && (
        <p role="status" className="rounded-lg bg-success-50 p-3 text-sm text-success-700">
          We sent a confirmation link to <strong className="break-all">{sentTo}</strong>. Your e-mail changes once you
          open it.
        </p>
      )}
      <Button type="submit" disabled={change.isPending} className="self-start">
        {change.isPending && <Spinner />}
        Change e-mail
      </Button>
    </form>
  );
}
