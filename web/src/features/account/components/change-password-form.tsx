import { newPasswordSchema } from '@runpledge/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordRules } from '@/components/ui/password-rules';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useChangePassword } from '../api/change-password';
import { apiErrorMessage } from '@/lib/api-error-message';

type Errors = Partial<Record<'currentPassword' | 'newPassword', string>>;

/** Current password, then a new one with the sign-up rules; every other device is signed out. */
export function ChangePasswordForm() {
  const { toast } = useToast();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const rulesId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = newPasswordSchema.safeParse(newPassword);
    const next: Errors = {
      currentPassword: currentPassword ? undefined : 'Password is required',
      newPassword: rules.success ? undefined : rules.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.currentPassword || next.newPassword) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          toast({
            title: 'Password changed',
            description: 'Every other device signed in to your account has been signed out.',
            variant: 'success',
          });
        },
        onError: (error) => {
          const message = apiErrorMessage(error);
          setErrors(/current|incorrect/i.test(message) ? { currentPassword: message } : { newPassword: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Change password">
      <FormField label="Current password" error={errors.currentPassword}>
        {(control) => (
          <PasswordInput
            {...control}
            name="current-password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="New password" error={errors.newPassword}>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={[control['aria-describedby'], rulesId].filter(Boolean).join(' ')}
              name="new-password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <PasswordRules id={rulesId} password={newPassword} />
          </>
        )}
      </FormField>
      <Button type="submit" disabled={change.isPending} className="self-start">
        {change.isPending && <Spinner />}
        Change password
      </Button>
    </form>
  );
}
