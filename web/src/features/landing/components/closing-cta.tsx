import { BUSINESS } from '@runpledge/contracts';
import { Container } from '@/components/ui/container';
import { SignupCta } from './signup-cta';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing" className="py-20 sm:py-24">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 to-brand-900 px-6 py-14 text-center shadow-xl sm:px-12">
          <svg
            aria-hidden="true"
            viewBox="0 0 400 120"
            preserveAspectRatio="none"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-24 w-full opacity-30"
          >
            <path
              d="M0 100 C80 40 140 120 220 70 S340 20 400 50"
              fill="none"
              strokeWidth="4"
              strokeDasharray="10 10"
              className="stroke-accent-300"
            />
          </svg>
          <h2
            id="closing"
            className="relative text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl"
          >
            Ready to Make Every Mile Count?
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">
            Your first {BUSINESS.trialDays} days are free, then ${BUSINESS.monthlyPriceUsd}/month with no setup fees.
          </p>
          <SignupCta variant="accent" size="lg" className="relative mt-8">
            Create Your Page Now
          </SignupCta>
        </div>
      </Container>
    </section>
  );
}
