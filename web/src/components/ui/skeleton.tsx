import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder block in the shape of content that is still loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-md bg-neutral-200 motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}
