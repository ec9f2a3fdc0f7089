import type { ProfileView } from '@runpledge/contracts';
import { Container } from '@/components/ui/container';
import { DonateLink } from './donate-link';

export function RunnerFooter({ profile }: { profile: ProfileView }) {
  return (
    <footer className="mt-12 bg-brand-950 py-12 text-center text-white">
      <Container className="flex flex-col items-center gap-4">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Every Mile Matters</h2>
        <p className="max-w-xl text-brand-200">
          Every donation brings {profile.name} closer to the finish line of the {profile.marathonName}, and the cause
          closer to its goal.
        </p>
        <DonateLink profile={profile} size="lg">
          Donate Now
        </DonateLink>
      </Container>
    </footer>
  );
}
