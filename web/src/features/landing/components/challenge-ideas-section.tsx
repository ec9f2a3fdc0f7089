import { Container } from '@/components/ui/container';
import { CHALLENGE_IDEAS } from '../data/challenge-ideas';
import { ChallengeIdeasCarousel } from './challenge-ideas-carousel';
import { SectionHeading } from './section-heading';
import { SignupCta } from './signup-cta';

export function ChallengeIdeasSection() {
  return (
    <section aria-labelledby="challenge-ideas" className="bg-brand-50 py-20 sm:py-24">
      <Container>
        <SectionHeading id="challenge-ideas" eyebrow="Make it fun" title="Creative Challenge Ideas">
          Supporters love picking a challenge for you to do. Set your own prices and ideas, or start with these.
        </SectionHeading>
        <div className="mt-12">
          <ChallengeIdeasCarousel ideas={CHALLENGE_IDEAS} />
        </div>
        <div className="mt-10 text-center">
          <SignupCta size="lg">Start Creating Challenges</SignupCta>
        </div>
      </Container>
    </section>
  );
}
