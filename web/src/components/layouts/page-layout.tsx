import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { MAIN_CONTENT_ID } from './skip-link';

/** The frame of the inner pages: a slim bar with the logo home, then the page content. */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-white">
        <Container className="flex h-16 items-center">
          <Link to="/" className="rounded-md">
            <Logo />
          </Link>
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} className="flex-1 py-10 sm:py-16">
        <Container>{children}</Container>
      </main>
    </div>
  );
}
