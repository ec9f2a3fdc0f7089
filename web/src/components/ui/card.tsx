import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A white panel with a soft shadow: a form section or a summary. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('rounded-xl border border-border bg-white p-5 shadow-card sm:p-6', className)} {...props} />
  );
}
