import { PageLayout } from '@/components/layouts/page-layout';
import { PledgeConfirm } from '@/features/pledges/components/pledge-confirm';

export default function PledgeConfirmRoute() {
  return (
    <PageLayout>
      <PledgeConfirm />
    </PageLayout>
  );
}
