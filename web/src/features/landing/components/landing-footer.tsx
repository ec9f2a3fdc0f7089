import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';

export function LandingFooter() {
  return (
    <footer className="bg-brand-950 py-12">
      <Container className="flex flex-col items-center gap-3 text-center">
        <Logo inverted />
        <p className="text-brand-200">Empowering runners to make a difference, one mile at a time.</p>
        <p className="text-sm text-neutral-400">© {new Date().getFullYear()} RunPledge</p>
      </Container>
    </footer>
  );
}
