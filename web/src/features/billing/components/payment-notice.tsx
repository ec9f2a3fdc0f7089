import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A notice in the page flow (the toasts say the same for screen readers): success or canceled. */
export function PaymentNotice({
  title,
  children,
  tone,
}: {
  title: string;
  children: ReactNode;
  tone: 'success' | 'info';
}) {
  return (
    <div
      role="status"
      className={cn(
        'rounded-xl border p-5',
        tone === 'success' ? 'border-success-700/30 bg-success-50' : 'border-accent-200 bg-accent-50',
      )}
    >
      <p className={cn('font-semibold', tone === 'success' ? 'text-success-700' : 'text-accent-900')}>{title}</p>
      <div className="mt-1 text-neutral-700">{children}</div>
    </div>
  );
}
