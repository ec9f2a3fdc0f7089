import type { ReactNode } from 'react';

/** The <h1> of a page with an optional lead paragraph under it. */
export function PageHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-balance text-brand-950 sm:text-4xl">{children}</h1>
      {lead && <p className="mt-3 text-lg text-muted-foreground">{lead}</p>}
    </div>
  );
}
