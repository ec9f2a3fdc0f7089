import { PageLayout } from '@/components/layouts/page-layout';
import { FollowerConfirm } from '@/features/race-day/components/follower-confirm';

export default function FollowerConfirmRoute() {
  return (
    <PageLayout>
      <FollowerConfirm />
    </PageLayout>
  );
}
