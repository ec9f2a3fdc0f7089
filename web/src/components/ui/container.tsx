import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

interface ContainerProps extends ComponentProps<'div'> {
  /** The element to render, e.g. `main` when the container is the page's main landmark. */
  as?: 'div' | 'main' | 'section' | 'header' | 'footer';
}

/** Centres content at the page width with the side padding every screen uses. */
export function Container({ as: Element = 'div', className, ...props }: ContainerProps) {
  return <Element className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)} {...props} />;
}
