import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';

/**
 * A modal dialog on Radix: focus is trapped inside while open and returns to the control that
 * opened it; Escape and the close button dismiss it.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayStyles =
  'fixed inset-0 z-50 bg-neutral-950/50 motion-safe:transition-opacity motion-safe:duration-150 starting:opacity-0';

// Sized to the viewport on phones (scrolls inside when taller); fades in where motion is welcome.
export const contentStyles =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-white p-5 shadow-card focus:outline-none sm:p-6 motion-safe:transition-[opacity,scale] motion-safe:duration-150 starting:scale-95 starting:opacity-0';

/**
 * Focus goes back to the control that opened the dialog, also when the dialog is opened from
 * state rather than a Trigger (Radix alone only returns it to a Trigger). When that control is
 * gone (e.g. its item was deleted), focus goes to `fallback`.
 */
export function useReturnFocus(fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current?.isConnected ? opener.current : fallback?.current;
      opener.current = null;
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

export function DialogContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayStyles} />
      <DialogPrimitive.Content className={cn(contentStyles, className)} {...returnFocus} {...props}>
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-3 right-3 rounded-md p-2 text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900"
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5 pr-8">
      <DialogPrimitive.Title className="text-lg font-bold tracking-tight text-brand-950">{title}</DialogPrimitive.Title>
      {description ? (
        <DialogPrimitive.Description className="text-sm text-muted-foreground">
          {description}
        </DialogPrimitive.Description>
      ) : (
        // Radix warns when a dialog has no description; an empty one keeps screen readers quiet.
        <DialogPrimitive.Description className="sr-only" />
      )}
    </div>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
