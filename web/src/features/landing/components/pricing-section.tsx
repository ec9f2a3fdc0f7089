import { BUSINESS } from '@runpledge/contracts';
import { Container } from '@/components/ui/container';
import { CheckIcon, HeartIcon, ShieldIcon } from '../illustrations/icons';
import { SectionHeading } from './section-heading';
import { SignupCta } from './signup-cta';

const INCLUDED = [
  'Your own page at a short, shareable address',
  'Strava sync of miles, pace and training history',
  'Custom fundraising challenges supporters pick',
  'Countdown, progress bar and encouragement messages',
] as const;

const TRUST = [
  {
    title: 'Donations go straight to your charity',
    body: 'Supporters give on your charity’s own page (DonorDrive, JustGiving, Haku or any charity link). We never hold the money.',
    Icon: HeartIcon,
  },
  {
    title: 'Secure payments by Stripe',
    body: 'Your subscription runs through Stripe. Card details never touch our servers.',
    Icon: ShieldIcon,
  },
] as const;

export function PricingSection() {
  return (
    <section aria-labelledby="pricing" className="py-20 sm:py-24">
      <Container>
        <SectionHeading id="pricing" eyebrow="Pricing" title="One Simple Plan">
          First month free, then ${BUSINESS.monthlyPriceUsd}/month. No setup fees.
        </SectionHeading>
        <div className="mx-auto mt-14 grid max-w-5xl gap-8 lg:grid-cols-[1.15fr_1fr]">
          <div className="rounded-2xl bg-brand-900 p-7 text-white shadow-xl shadow-brand-900/20 sm:p-9">
            <p className="font-semibold text-brand-200">RunPledge for runners</p>
            <p className="mt-3 flex flex-wrap items-baseline gap-x-3">
              <span className="text-4xl font-extrabold tracking-tight sm:text-5xl">{BUSINESS.trialDays} days free</span>
              <span className="text-lg text-brand-100">then ${BUSINESS.monthlyPriceUsd}/month</span>
            </p>
            <ul className="mt-7 space-y-3">
              {INCLUDED.map((item) => (
                <li key={item} className="flex gap-3">
                  <CheckIcon className="mt-0.5 size-5 text-accent-300" />
                  <span className="text-brand-50">{item}</span>
                </li>
              ))}
            </ul>
            <SignupCta variant="accent" size="lg" className="mt-8 w-full sm:w-auto">
              Start Your Free Trial
            </SignupCta>
            <p className="mt-4 text-sm text-brand-200">Free for 30 days • Cancel anytime</p>
          </div>
          <ul className="flex flex-col justify-center gap-8">
            {TRUST.map(({ title, body, Icon }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-neutral-900">{title}</h3>
                  <p className="mt-1 text-pretty text-muted-foreground">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}
