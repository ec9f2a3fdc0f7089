import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode, type RefObject } from 'react';
import { buttonStyles } from './button-styles';
import { contentStyles, overlayStyles, useReturnFocus } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Kept open (buttons disabled) until this settles; it closes the dialog itself when done. */
  onConfirm: () => Promise<void> | void;
  destructive?: boolean;
  /** Where focus goes on close if the control that opened the dialog is gone by then. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * A yes/no question that interrupts (role alertdialog): focus starts on Cancel, is trapped while
 * open and returns to the control that opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = true,
  fallbackFocus,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const returnFocus = useReturnFocus(fallbackFocus);

  const confirm = async (event: React.MouseEvent) => {
    // Radix closes on Action by default; stay open while the request runs.
    event.preventDefault();
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayStyles} />
        <AlertDialog.Content className={contentStyles} {...returnFocus}>
          <div className="flex flex-col gap-1.5">
            <AlertDialog.Title className="text-lg font-bold tracking-tight text-brand-950">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonStyles({ variant: 'outline' })} disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonStyles({ variant: destructive ? 'destructive' : 'primary' })}
              onClick={confirm}
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {pending ? 'Working…' : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
