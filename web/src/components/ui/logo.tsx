import { cn } from '@/lib/cn';

interface LogoProps {
  className?: string;
  /** Light wordmark for dark backgrounds. */
  inverted?: boolean;
}

/** The mark: a route from start to an orange finish dot. Also web/public/favicon.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M8 23c4 0 4-7 8-7s4-7 8-7" fill="none" strokeWidth="3" strokeLinecap="round" className="stroke-white" />
      <circle cx="8" cy="23" r="2.25" className="fill-white" />
      <circle cx="24" cy="9" r="3.25" className="fill-accent-400" />
    </svg>
  );
}

export function Logo({ className, inverted = false }: LogoProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-lg font-bold tracking-tight sm:text-xl',
        inverted ? 'text-white' : 'text-brand-900',
        className,
      )}
    >
      <LogoMark className="size-7 shrink-0 sm:size-8" />
      <span>
        Run<span className={inverted ? 'text-accent-300' : 'text-accent-700'}>Pledge</span>
      </span>
    </span>
  );
}
