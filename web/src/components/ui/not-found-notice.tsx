import type { ReactNode } from 'react';
import { Button } from './button';
import { LinkButton } from './link-button';

/**
 * "{Something} not found": its title and message, Try again when it only failed to load (`missing`
 * false), and Back to Home.
 */
export function NotFoundNotice({
  title,
  missing,
  onRetry,
  children,
}: {
  title: string;
  /** True when it does not exist; false when it could not be loaded. */
  missing: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center text-center">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950">{title}</h1>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!missing && <Button onClick={onRetry}>Try again</Button>}
        <LinkButton to="/" variant={missing ? 'primary' : 'outline'}>
          Back to Home
        </LinkButton>
      </div>
    </div>
  );
}
