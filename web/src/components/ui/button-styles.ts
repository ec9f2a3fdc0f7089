import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors motion-reduce:transition-none disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  // Orange behind dark text: white on this orange would fail AA.
  accent: 'bg-accent-500 text-neutral-950 shadow-sm hover:bg-accent-400',
  outline: 'border border-neutral-300 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  destructive: 'bg-danger-700 text-white shadow-sm hover:bg-danger-800',
};

// md and lg keep the 44 px touch target; sm is for dense bars on small screens.
const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-6 text-lg',
};

/** Class names shared by <Button> and <LinkButton>, so links and buttons look alike. */
export function buttonStyles({ variant = 'primary', size = 'md', className }: ButtonStyleProps = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}
