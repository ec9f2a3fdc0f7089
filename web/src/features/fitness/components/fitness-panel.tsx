import type { ReactNode } from 'react';

/** A titled card of the fitness page. */
export function FitnessPanel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-border bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-brand-950">{title}</h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export const fieldClass =
  'mt-1 block h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base text-neutral-900 focus-visible:outline-2 focus-visible:outline-ring';
export const labelClass = 'block text-sm font-semibold text-neutral-800';

/** The training start date field of the Strava setup form, which the Strava card points to. */
export const TRAINING_START_DATE_ID = 'training-start-date';
