import { cn } from '@/lib/cn';

interface ProgressBarProps {
  /** 0-100. */
  percent: number;
  label: string;
  className?: string;
  /** Colour of the filled part. */
  tone?: 'brand' | 'accent';
}

export function ProgressBar({ percent, label, className, tone = 'accent' }: ProgressBarProps) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-3 w-full overflow-hidden rounded-full bg-neutral-200', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
          tone === 'accent' ? 'bg-accent-500' : 'bg-brand-600',
        )}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
