import { lazy } from 'react';
import { LazyDialogButton } from '@/components/ui/lazy-dialog-button';

const loadDialog = () => import('./encouragement-dialog');
// The dialog (and the dialog library) loads on first use, not with the page.
const EncouragementDialog = lazy(loadDialog);

/** The Send Encouragement button. */
export function SendEncouragement({ runnerProfileId, runnerName }: { runnerProfileId: string; runnerName: string }) {
  return (
    <LazyDialogButton dialog={EncouragementDialog} load={loadDialog} dialogProps={{ runnerProfileId, runnerName }}>
      Send Encouragement
    </LazyDialogButton>
  );
}
