import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';

export function LandingFooter() {
  return (
    <footer className="bg-brand-950 py-12">
      <Container className="flex flex-col items-center gap-3 text-center">
        <Logo inverted />
        <p className="text-brand-200">Empowering runners to make a difference, one mile at a time.</p>
        <p className="text-sm text-neutral-400">© {new Date().getFullYear()} RunPledge</p>
        {/* Share cards and race-day posters draw emoji with Twemoji, whose licence asks for this credit. */}
        <p className="text-xs text-neutral-400">
          Emoji on share cards and posters:{' '}
          <a className="underline hover:text-white" href="https://github.com/jdecked/twemoji">
            Twemoji
          </a>{' '}
          by Twitter, Inc and other contributors, licensed under{' '}
          <a className="underline hover:text-white" href="https://creativecommons.org/licenses/by/4.0/">
            CC-BY 4.0
          </a>
          .
        </p>
      </Container>
    </footer>
  );
}
