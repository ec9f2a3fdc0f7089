import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A notice in the page flow (the toasts say the same for screen readers): success or canceled. */
export function PaymentNotice({
  title,
  children,
  tone,
  titleAs: Title = 'p',
}: {
  title: string;
  children: ReactNode;
  tone: 'success' | 'info';
  /** `h1` when the notice is all the page shows. */
  titleAs?: 'p' | 'h1' | 'h2';
}) {
  return (
    <div
      role="status"
      className={cn(
        'rounded-xl border p-5',
        tone === 'success' ? 'border-success-700/30 bg-success-50' : 'border-accent-200 bg-accent-50',
      )}
    >
      <Title className={cn('font-semibold', tone === 'success' ? 'text-success-700' : 'text-accent-900')}>
        {title}
      </Title>
      <div className="mt-1 text-neutral-700">{children}</div>
    </div>
  );
}
