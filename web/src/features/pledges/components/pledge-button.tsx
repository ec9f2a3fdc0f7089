import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { UNIT_WORD } from '../utils/pledge-wording';
import type { PledgeDialogProps } from './pledge-dialog';

const loadDialog = () => import('./pledge-dialog');
// The dialog (its form checks and the dialog library) loads on first use, not with the page.
const PledgeDialog = lazy(loadDialog);

/** "Pledge per mile" (or km); the dialog's code is fetched as soon as the pointer or focus nears it. */
export function PledgeButton(props: Omit<PledgeDialogProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadDialog();
  return (
    <>
      <Button
        size="lg"
        className="w-full"
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Pledge per {UNIT_WORD[props.unit]}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <PledgeDialog open={open} onOpenChange={setOpen} {...props} />
        </Suspense>
      )}
    </>
  );
}
