import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { SuppressInbox } from '@/features/mail';

/** /mail/stop?token=: the "no more mail" link at the foot of a team mail. */
export default function MailStopRoute() {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  return (
    <PageLayout>
      <DocumentTitle title="Stop mail from RunPledge" />
      <div className="mx-auto max-w-md">
        <PageHeading>Stop mail from RunPledge</PageHeading>
        <SuppressInbox token={token} />
      </div>
    </PageLayout>
  );
}
