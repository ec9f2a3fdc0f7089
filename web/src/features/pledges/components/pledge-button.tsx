import { lazy } from 'react';
import { LazyDialogButton } from '@/components/ui/lazy-dialog-button';
import { UNIT_WORD } from '../utils/pledge-wording';
import type { PledgeDialogProps } from './pledge-dialog';

const loadDialog = () => import('./pledge-dialog');
// The dialog (its form checks and the dialog library) loads on first use, not with the page.
const PledgeDialog = lazy(loadDialog);

/** "Pledge per mile" (or km). */
export function PledgeButton(props: Omit<PledgeDialogProps, 'open' | 'onOpenChange'>) {
  return (
    <LazyDialogButton size="lg" dialog={PledgeDialog} load={loadDialog} dialogProps={props}>
      Pledge per {UNIT_WORD[props.unit]}
    </LazyDialogButton>
  );
}
