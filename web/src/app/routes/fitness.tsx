import { useParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { FitnessIntegrations } from '@/features/fitness/components/fitness-integrations';

/** `/{slug}/fitness`: the runner connects Strava, sets the training start date, syncs and adds runs. */
export default function FitnessRoute() {
  const { slug = '' } = useParams();
  return (
    <PageLayout>
      <DocumentTitle title="Fitness integrations" />
      <PageHeading lead="Connect Strava so your page shows your training as it happens.">
        Fitness integrations
      </PageHeading>
      <FitnessIntegrations slug={slug} />
    </PageLayout>
  );
}
