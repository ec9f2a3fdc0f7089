import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast-context';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useAuth } from '@/lib/auth';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user, signOut } = useAuth();

  // Every session ended with the reset, this browser's too: sign in again with the new password.
  const done = async () => {
    if (user) await signOut().catch(() => undefined);
    toast({
      title: 'Password changed',
      description: 'Your password has been changed. Sign in with your new password.',
      variant: 'success',
    });
    void navigate('/login', { replace: true });
  };

  return (
    <PageLayout>
      <DocumentTitle title="Choose a new password" />
      <div className="mx-auto max-w-md">
        <PageHeading lead="Every device signed in to your account will be signed out.">
          Choose a new password
        </PageHeading>
        <Card className="mt-8">
          <ResetPasswordForm token={params.get('token') ?? ''} onDone={() => void done()} />
        </Card>
      </div>
    </PageLayout>
  );
}
