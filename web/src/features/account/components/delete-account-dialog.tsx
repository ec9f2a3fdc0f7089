import { deleteAccountRequestSchema } from '@runpledge/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useAuth } from '@/lib/auth';
import { useDeleteAccount } from '../api/delete-account';
import { apiErrorMessage } from '@/lib/api-error-message';

/** Deleting the account for good, confirmed by the password. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = deleteAccountRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    remove.mutate(parsed.data, {
      onSuccess: async () => {
        setOpen(false);
        // Leave the signed-in page first: once signed out, its guard would send this tab to /login.
        await navigate('/', { replace: true });
        await signOut().catch(() => undefined);
        toast({
          title: 'Account deleted',
          description: 'Your account, your pages and everything we held about you have been deleted.',
          variant: 'success',
        });
      },
      onError: (err) => setError(apiErrorMessage(err)),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword('');
        setError(undefined);
      }}
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <DialogContent>
        <DialogHeader
          title="Delete your account?"
          description="This cannot be undone. Your pages, challenges, encouragement, activities and Strava connection are removed, Strava access is revoked and your subscription is cancelled."
        />
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Delete account">
          <FormField label="Your password" error={error}>
            {(control) => (
              <PasswordInput
                {...control}
                name="delete-password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending && <Spinner />}
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
