import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID } from './skip-link';

/** The frame of the inner pages: the shared header (home, dashboard, account menu), then the page content. */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <main id={MAIN_CONTENT_ID} className="flex-1 py-10 sm:py-16">
        <Container>{children}</Container>
      </main>
    </div>
  );
}
