import { Link } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { Card } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Forgot password" />
      <div className="mx-auto max-w-md">
        <PageHeading lead="Enter the e-mail of your account and we will send you a link to choose a new password.">
          Forgot your password?
        </PageHeading>
        <Card className="mt-8">
          <ForgotPasswordForm />
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </div>
    </PageLayout>
  );
}
