import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { fieldStyles } from './field-styles';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldStyles, 'min-h-28 py-2.5 leading-relaxed', className)} {...props} />;
}
