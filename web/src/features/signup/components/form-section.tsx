import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One titled group of the sign-up form. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="flex flex-col gap-5">
      <div>
        <h2 id={headingId} className="text-lg font-bold text-brand-950">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </Card>
  );
}
