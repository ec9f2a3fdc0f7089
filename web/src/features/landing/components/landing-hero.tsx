import { BUSINESS } from '@runpledge/contracts';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';

export function LandingHero() {
  return (
    <section className="bg-linear-to-b from-brand-50 to-white py-16 sm:py-24">
      <Container className="flex flex-col items-center text-center">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-brand-950 sm:text-5xl lg:text-6xl">
          Marathon Fundraising Made <span className="block text-accent-700">Easy</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-neutral-700 sm:text-xl">
          Join hundreds of runners who are turning their marathon training into meaningful fundraising campaigns.
        </p>
        <LinkButton to="/signup" variant="accent" size="lg" className="mt-10">
          Create Your Page
        </LinkButton>
        <p className="mt-4 text-sm font-medium text-brand-800">Free for 30 days • Cancel anytime</p>
        <p className="mt-1 text-sm text-muted-foreground">
          First month free, then ${BUSINESS.monthlyPriceUsd}/month. No setup fees.
        </p>
      </Container>
    </section>
  );
}
