import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A white card with an <h2>, like the runner page's sections. */
export function TeamSection({
  title,
  action,
  children,
  className,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
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
