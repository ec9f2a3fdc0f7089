import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { PaymentSuccess } from '@/features/billing/components/payment-success';
import { StartTrial } from '@/features/billing/components/start-trial';

export default function PaymentRoute() {
  const [params] = useSearchParams();
  const success = params.get('success') === 'true';
  const canceled = params.get('canceled') === 'true';

  return (
    <PageLayout>
      <DocumentTitle title={success ? 'Payment successful' : 'Start your free trial'} />
      <div className="mx-auto max-w-xl">
        {success ? <PaymentSuccess sessionId={params.get('session_id')} /> : <StartTrial canceled={canceled} />}
      </div>
    </PageLayout>
  );
}
