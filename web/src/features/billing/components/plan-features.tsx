/** Spec 2 (/payment), in the spec's words. */
export const PLAN_FEATURES = [
  'Connect Strava and other fitness tracking',
  'Real-time training progress',
  'Custom fundraising challenges',
  'Beautiful donor experience',
  'Social media integration',
] as const;

export function PlanFeatures() {
  return (
    <ul className="space-y-3" aria-label="Included features">
      {PLAN_FEATURES.map((feature) => (
        <li key={feature} className="flex items-start gap-3 text-neutral-800">
          <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-700">
            <circle cx="10" cy="10" r="9" className="fill-success-50" />
            <path
              d="M6 10.5l2.5 2.5L14 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
