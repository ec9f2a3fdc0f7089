import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AuthForm } from '@/features/auth/components/auth-form';
import type { AuthMode } from '@/features/auth/utils/auth-errors';
import { useAuth } from '@/lib/auth';
import { safeRedirectPath } from '@/lib/safe-redirect';

export default function LoginRoute() {
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>('signin');
  // Only a path on this site is followed, so a crafted link cannot send someone elsewhere.
  const target = safeRedirectPath(params.get('redirect')) ?? '/dashboard';
  const isSignUp = mode === 'signup';

  // Signed in already, or just now: on to where they were going.
  if (user && !loading) return <Navigate to={target} replace />;

  return (
    <PageLayout>
      <DocumentTitle title={isSignUp ? 'Sign up' : 'Sign in'} />
      <div className="mx-auto max-w-md">
        <PageHeading
          lead={
            isSignUp ? 'Create an account to build your fundraising page.' : 'Sign in to manage your fundraising pages.'
          }
        >
          {isSignUp ? 'Create your account' : 'Welcome back'}
        </PageHeading>
        <Card className="mt-8">
          {loading ? (
            <p role="status" className="flex items-center justify-center gap-3 py-10 text-muted-foreground">
              <Spinner /> Checking your session…
            </p>
          ) : (
            <AuthForm
              formName="login"
              mode={mode}
              onModeChange={setMode}
              accountCreatedDescription="Your account has been created successfully."
            />
          )}
        </Card>
      </div>
    </PageLayout>
  );
}
