import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One block of the settings page: a titled card with a short explanation. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} role="region" className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-brand-950">
        {title}
      </h2>
      {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      <div className="mt-5">{children}</div>
    </Card>
  );
}
