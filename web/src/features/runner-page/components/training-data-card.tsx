import { LinkButton } from '@/components/ui/link-button';
import { Section } from '@/components/ui/section';

/** Owner only: where Strava is connected and the training start date set. */
export function TrainingDataCard({ slug }: { slug: string }) {
  return (
    <Section title="Training Data">
      <p className="text-muted-foreground">
        Connect Strava and choose your training start date so this page shows your miles and pace as you train.
      </p>
      <LinkButton to={`/${slug}/fitness`} variant="outline" className="mt-4">
        Manage Training Data
      </LinkButton>
    </Section>
  );
}
