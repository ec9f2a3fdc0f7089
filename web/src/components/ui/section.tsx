import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionProps {
  title: ReactNode;
  /** A control at the heading's right, e.g. an owner's Edit button. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A white card with an <h2>: the building block of the runner and team pages. */
export function Section({ title, action, children, className }: SectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-xl border border-border bg-white p-5 shadow-card sm:p-6', className)}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-brand-950">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
