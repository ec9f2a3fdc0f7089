import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-context';
import { useAuth } from '@/lib/auth';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** Ends every session of the account, this one included, after a confirmation. */
export function SignOutEverywhereButton() {
  const [open, setOpen] = useState(false);
  const signOutEverywhere = useSignOutEverywhere();
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await signOutEverywhere.mutateAsync();
    } catch {
      toast({ title: 'Sign out failed', description: 'Please try again.', variant: 'destructive' });
      return;
    }
    // Leave the signed-in page first: once signed out, its guard would send this tab to /login.
    await navigate('/', { replace: true });
    await signOut().catch(() => undefined);
    toast({ title: 'Signed out everywhere', description: 'Every device has been signed out.', variant: 'success' });
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out on every device?"
        description="Every browser and device signed in to your account, this one included, will need to sign in again."
        confirmLabel="Sign out everywhere"
        destructive={false}
        onConfirm={confirm}
      />
    </>
  );
}
