import { PageLayout } from '@/components/layouts/page-layout';
import { CharityLinkAction } from '@/features/charities/components/charity-link-action';

/** `/charities/verify?token=`: the verification mail's link. */
export default function CharityVerifyRoute() {
  return (
    <PageLayout>
      <CharityLinkAction kind="verify" />
    </PageLayout>
  );
}
