import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { SignupForm } from '@/features/signup/components/signup-form';
import { SignupSteps } from '@/features/signup/components/signup-steps';

export default function SignupRoute() {
  const navigate = useNavigate();
  return (
    <PageLayout>
      <DocumentTitle title="Fundraising details" />
      <div className="mx-auto max-w-2xl">
        <SignupSteps current={1} />
        <PageHeading lead="Tell supporters about your marathon, your cause and the challenges they can pick.">
          Set up your fundraising page
        </PageHeading>
        <div className="mt-8">
          <SignupForm onSaved={() => void navigate('/createaccount')} />
        </div>
      </div>
    </PageLayout>
  );
}
