import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ButtonStyleProps } from '@/components/ui/button-styles';
import { useToast } from '@/components/ui/toast-context';
import { createPortalSession } from '../api/create-portal-session';
import { leaveFor } from '@/lib/leave-for';

/** 'Manage billing': Stripe's customer portal (card, invoices, cancel anytime), back to this page after. */
export function ManageBillingButton({ variant = 'outline', size = 'md', className }: ButtonStyleProps) {
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const open = async () => {
    setPending(true);
    try {
      const { url } = await createPortalSession(window.location.href);
      leaveFor(url);
    } catch {
      setPending(false);
      toast({
        title: 'Billing unavailable',
        description: 'We could not open your billing settings. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Button variant={variant} size={size} className={className} onClick={() => void open()} disabled={pending}>
      {pending ? 'Opening…' : 'Manage billing'}
    </Button>
  );
}
