import { cn } from '@/lib/cn';

const STEPS = ['Details', 'Account', 'Free trial'] as const;

/** Where the runner is in the three steps from details to a live page. */
export function SignupSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol aria-label="Sign-up progress" className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:gap-x-2">
      {STEPS.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li key={label} className="flex items-center gap-2" aria-current={state === 'current' ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-6 items-center justify-center rounded-full text-xs font-bold',
                state === 'done' && 'bg-brand-100 text-brand-800',
                state === 'current' && 'bg-brand-700 text-white',
                state === 'todo' && 'border border-neutral-300 text-neutral-600',
              )}
            >
              {step}
            </span>
            <span className={cn('font-medium', state === 'current' ? 'text-brand-900' : 'text-muted-foreground')}>
              {label}
              {state === 'done' && <span className="sr-only"> (done)</span>}
            </span>
            {step < STEPS.length && (
              <span aria-hidden="true" className="mx-1 hidden h-px w-6 bg-neutral-300 sm:block">
                {' '}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
