import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

const loadDialog = () => import('./encouragement-dialog');
// The dialog (and the dialog library) loads on first use, not with the page.
const EncouragementDialog = lazy(loadDialog);

/** The Send Encouragement button; its dialog's code is fetched as soon as the pointer or focus nears it. */
export function SendEncouragement({ runnerProfileId, runnerName }: { runnerProfileId: string; runnerName: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadDialog();
  return (
    <>
      <Button
        className="w-full"
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Send Encouragement
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <EncouragementDialog
            open={open}
            onOpenChange={setOpen}
            runnerProfileId={runnerProfileId}
            runnerName={runnerName}
          />
        </Suspense>
      )}
    </>
  );
}
