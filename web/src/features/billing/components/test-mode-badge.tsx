import { useBillingConfig } from '../api/get-billing-config';

/** Shown while payments go to Stripe's test mode or the local emulator: no card is charged. */
export function TestModeBadge() {
  const { data } = useBillingConfig();
  if (!data?.testMode) return null;
  return (
    <span
      title="Payments go to a test environment: no card is charged"
      className="inline-flex shrink-0 items-center rounded-full whitespace-nowrap border border-accent-300 bg-accent-50 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-accent-800 uppercase"
    >
      test mode
    </span>
  );
}
