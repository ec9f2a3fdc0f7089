import { useParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { CharityConsole } from '@/features/charities/console/charity-console';

/** `/charities/{slug}/console`: the charity staff's console. */
export default function CharityConsoleRoute() {
  const { slug = '' } = useParams();
  return (
    <PageLayout>
      <div className="mx-auto max-w-5xl">
        <CharityConsole key={slug} slug={slug} />
      </div>
    </PageLayout>
  );
}
