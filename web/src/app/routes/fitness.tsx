import { useParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

export default function FitnessRoute() {
  const { slug = '' } = useParams();
  return (
    <PageLayout>
      <DocumentTitle title="Fitness integrations" />
      <PageHeading lead="Connect Strava so your page shows your training as it happens.">
        Fitness integrations <span className="break-all text-muted-foreground">/{slug}</span>
      </PageHeading>
    </PageLayout>
  );
}
