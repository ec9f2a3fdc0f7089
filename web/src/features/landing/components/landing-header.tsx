import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { Logo } from '@/components/ui/logo';
import { SignupCta } from './signup-cta';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-white/90 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-2">
        <Link to="/" className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <LinkButton to="/login" variant="ghost" size="sm">
            Login
          </LinkButton>
          <SignupCta size="sm">Get Started</SignupCta>
        </nav>
      </Container>
    </header>
  );
}
