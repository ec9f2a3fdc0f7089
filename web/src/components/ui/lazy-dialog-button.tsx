import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

type LazyDialogButtonProps<P> = Omit<ButtonProps, 'onClick' | 'onPointerEnter' | 'onFocus' | 'children'> & {
  /** The dialog, `lazy()` over `load`: its code (and the dialog library) loads on first use, not with the page. */
  dialog: ComponentType<P & OpenProps>;
  load: () => Promise<unknown>;
  dialogProps: P;
  children: ReactNode;
};

/** A full-width button opening a lazily loaded dialog, whose code is fetched as soon as the pointer or focus nears it. */
export function LazyDialogButton<P extends object>({
  dialog: Dialog,
  load,
  dialogProps,
  children,
  className = 'w-full',
  ...button
}: LazyDialogButtonProps<P>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void load();
  return (
    <>
      <Button
        className={className}
        aria-haspopup="dialog"
        {...button}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <Dialog {...dialogProps} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
