import { PageLayout } from '@/components/layouts/page-layout';
import { CharityLinkAction } from '@/features/charities/components/charity-link-action';

/** `/charities/invitations?token=`: a staff invitation's link (signed in). */
export default function CharityInvitationRoute() {
  return (
    <PageLayout>
      <CharityLinkAction kind="invitation" />
    </PageLayout>
  );
}
