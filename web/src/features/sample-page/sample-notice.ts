import type { ToastOptions } from '@/components/ui/toast-context';

export const SAMPLE_NOTICE_TITLE = 'This is a sample page — donations and messages are turned off';

/** What a supporter's action on the sample would do on a real page. */
export type SampleAction = { kind: 'donate' } | { kind: 'challenge'; amount: number } | { kind: 'encourage' };

// "$40", or "$12.50" when there are cents.
const dollars = (amount: number) =>
  amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  });

/** What the action would have done on a real page. */
function realPageBehaviour(action: SampleAction): string {
  switch (action.kind) {
    case 'donate':
      return 'On your own page, Donate Now takes supporters straight to your fundraising page.';
    case 'challenge':
      return `On your own page, this opens your fundraising page with ${dollars(action.amount)} filled in.`;
    case 'encourage':
      return 'On your own page, messages like this one go straight to you.';
  }
}

/** The note shown instead of donating or sending: nothing real happens on the sample. */
export function sampleActionNotice(action: SampleAction): ToastOptions {
  return { title: SAMPLE_NOTICE_TITLE, description: realPageBehaviour(action), durationMs: 8000 };
}
