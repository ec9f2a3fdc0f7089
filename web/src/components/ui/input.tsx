import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { fieldStyles } from './field-styles';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldStyles, 'h-11 py-2', className)} {...props} />;
}
