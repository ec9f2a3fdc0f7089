import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { useTypingAnimation } from '../hooks/use-typing-animation';
import { ArrowRightIcon, CheckIcon } from '../illustrations/icons';
import { HeroIllustration } from '../illustrations/hero-illustration';
import { SignupCta } from './signup-cta';

/** The words the headline types after 'Marathon Fundraising Made' (spec 2). */
export const HEADLINE_WORDS = ['Easy', 'Interactive', 'Fun'] as const;

// The longest word, drawn invisibly under the typed one, keeps its line's size from changing.
const LONGEST_WORD = HEADLINE_WORDS.reduce((a, b) => (b.length > a.length ? b : a));

export function LandingHero() {
  const { text } = useTypingAnimation(HEADLINE_WORDS);
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-brand-50 via-brand-50/60 to-white">
      <Container className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div className="text-center lg:text-left">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-950 sm:text-5xl lg:text-6xl">
            <span className="sr-only">Marathon Fundraising Made Easy, Interactive and Fun</span>
            <span aria-hidden="true">
              Marathon Fundraising Made{' '}
              <span className="inline-grid text-accent-700">
                <span className="invisible col-start-1 row-start-1">{LONGEST_WORD}</span>
                <span
                  data-testid="typed-word"
                  className="col-start-1 row-start-1 text-center whitespace-nowrap lg:text-left"
                >
                  {text}
                  <span className="ml-1 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] animate-pulse bg-accent-500 motion-reduce:hidden" />
                </span>
              </span>
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-neutral-700 sm:text-xl lg:mx-0">
            Join hundreds of runners who are turning their marathon training into meaningful fundraising campaigns.
          </p>
          <div className="mt-9 flex flex-col items-center gap-4 sm:flex-row sm:justify-center lg:justify-start">
            <SignupCta variant="accent" size="lg" className="w-full sm:w-auto">
              Create Your Page
            </SignupCta>
            <Link
              to="/test-sample"
              className="group inline-flex items-center gap-1.5 rounded-md px-2 py-2 font-semibold text-brand-800 hover:text-brand-950"
            >
              See a sample page
              <ArrowRightIcon className="size-5 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-brand-900 lg:justify-start">
            <li className="flex items-center gap-1.5">
              <CheckIcon className="size-5 text-success-700" />
              Free for 30 days • Cancel anytime
            </li>
            <li className="flex items-center gap-1.5">
              <CheckIcon className="size-5 text-success-700" />
              No setup fees
            </li>
          </ul>
        </div>
        <HeroArt />
      </Container>
    </section>
  );
}

/** The illustration with two floating cards of what supporters see; decorative. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <HeroIllustration className="h-auto w-full drop-shadow-xl" />
      <div className="absolute top-[40%] -left-2 w-44 rounded-xl border border-border bg-white p-3 shadow-card sm:-left-6 sm:w-60">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Challenge picked</p>
        <p className="mt-1 text-xs font-semibold text-neutral-900 sm:text-sm">
          <span className="text-accent-700">$250</span> · Long run in a banana suit
        </p>
      </div>
      <div className="absolute -top-3 right-2 rounded-xl border border-border bg-white px-3 py-2 shadow-card sm:right-6">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Synced from Strava</p>
        <p className="text-sm font-semibold text-neutral-900">+13.1 mi this week</p>
      </div>
    </div>
  );
}
