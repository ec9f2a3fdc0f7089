import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { fieldStyles } from './field-styles';

/**
 * A native <select>: the phone's own picker on touch devices, full keyboard and screen reader
 * support everywhere, and disabled options (e.g. "Coming Soon") for free.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(fieldStyles, 'h-11 appearance-none py-2 pr-10')} {...props}>
        {children}
      </select>
      <svg
        viewBox="0 0 16 16"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
      >
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      </svg>
    </div>
  );
}
