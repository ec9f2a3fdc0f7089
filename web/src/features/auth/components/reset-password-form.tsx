import { INVALID_RESET_LINK_MESSAGE, newPasswordSchema } from '@runpledge/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordRules } from '@/components/ui/password-rules';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

export const RESET_PASSWORD_MESSAGES = {
  mismatch: 'The passwords do not match',
  failed: 'We could not change your password. Please try again.',
} as const;

/** The new password (spec 5 rules) for a reset link's token; `onDone` once every session has ended. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const [failed, setFailed] = useState(false);
  const rulesId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    const next = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      repeat: parsed.success && repeat !== password ? RESET_PASSWORD_MESSAGES.mismatch : undefined,
    };
    setErrors(next);
    setFailed(false);
    if (next.password || next.repeat) return;
    confirm.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (err) => {
          const message = err instanceof ApiRequestError ? err.body?.message : undefined;
          if (message === INVALID_RESET_LINK_MESSAGE) setLinkInvalid(true);
          else if (err instanceof ApiRequestError && err.status === 400 && typeof message === 'string')
            setErrors({ password: message });
          else setFailed(true);
        },
      },
    );
  };

  if (linkInvalid) {
    return (
      <div role="alert" className="flex flex-col items-start gap-4">
        <p className="font-semibold text-danger-800">{INVALID_RESET_LINK_MESSAGE}</p>
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Ask for a new link
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Choose a new password">
      <FormField label="New password" error={errors.password}>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={[control['aria-describedby'], rulesId].filter(Boolean).join(' ')}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordRules id={rulesId} password={password} />
          </>
        )}
      </FormField>
      <FormField label="Repeat the new password" error={errors.repeat}>
        {(control) => (
          <PasswordInput
            {...control}
            name="repeat"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        )}
      </FormField>
      {failed && (
        <p role="alert" className="text-sm font-semibold text-danger-800">
          {RESET_PASSWORD_MESSAGES.failed}
        </p>
      )}
      <Button type="submit" size="lg" disabled={confirm.isPending} className="w-full">
        {confirm.isPending && <Spinner />}
        Set new password
      </Button>
    </form>
  );
}
