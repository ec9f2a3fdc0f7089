import { BUSINESS, SLUG_TAKEN_MESSAGE } from '@runpledge/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { AuthForm, type AuthMode } from '@/features/auth';
import { trackFunnelStep } from '@/lib/analytics';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import {
  isProfileCreated,
  isValidSignupFormData,
  loadSignupForm,
  markProfileCreated,
  type SignupFormData,
} from '@/lib/signup-form-storage';
import { useCreateRunnerProfile } from '../api/create-runner-profile';
import { SavedPageSummary } from './saved-page-summary';
import { SignupSteps } from './signup-steps';

/**
 * Spec 4, sign-up flow: needs the /signup data saved in this tab; once someone is signed in
 * (new account or existing one), creates their page from it and moves on to /payment.
 */
export function CreateAccount() {
  const { user, loading } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [saved] = useState(() => loadSignupForm());
  const [mode, setMode] = useState<AuthMode>('signup');
  const [invalidData, setInvalidData] = useState(false);
  const [alreadyCreated, setAlreadyCreated] = useState(false);
  const createProfile = useCreateRunnerProfile();
  const handled = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  useEffect(() => {
    if (saved !== undefined || handled.current) return;
    handled.current = true;
    toast({ title: 'Please complete the form first' });
    void navigate('/signup', { replace: true });
  }, [saved, toast, navigate]);

  const create = (form: SignupFormData, userId: string) => {
    createProfile.mutate(
      { form, userId },
      {
        onSuccess: () => {
          markProfileCreated(form.url_slug);
          trackFunnelStep('profile_created');
          toast({ title: 'Profile Created!', description: 'Your fundraising page is ready.', variant: 'success' });
          redirectTimer.current = setTimeout(() => void navigate('/payment'), BUSINESS.redirectAfterSignupMs);
        },
        onError: () =>
          toast({
            title: 'Profile Creation Failed',
            description: 'There was an error creating your profile. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  useEffect(() => {
    if (loading || !user || saved === undefined || handled.current) return;
    handled.current = true;
    if (!isValidSignupFormData(saved)) {
      // Spec 4: logged, and the page stays put.
      console.error('Invalid form data');
      setInvalidData(true);
      return;
    }
    // Back here from /payment ("Back to account setup"): the page exists; stay and say so.
    if (isProfileCreated(saved.url_slug)) {
      setAlreadyCreated(true);
      return;
    }
    create(saved, user.id);
    // `create` is a new function each render; the ref above makes this run once either way.
  }, [loading, user, saved]);

  if (saved === undefined) return null;
  const form = isValidSignupFormData(saved) ? saved : undefined;
  const signedIn = Boolean(user) && !loading;

  return (
    <div className="mx-auto max-w-4xl">
      <SignupSteps current={2} />
      {signedIn ? (
        <PageHeading lead="Your account is ready; now your page.">Setting up your page</PageHeading>
      ) : mode === 'signup' ? (
        <PageHeading lead="One last step before your free trial: the account that owns your page.">
          Create your account
        </PageHeading>
      ) : (
        <PageHeading lead="Sign in and this page will be added to your account.">Sign in to your account</PageHeading>
      )}
      <div className="mt-8 grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          {invalidData ? (
            <div role="alert" className="flex flex-col items-start gap-4">
              <h2 className="text-lg font-bold text-danger-800">We could not read your page details</h2>
              <p className="text-neutral-700">Please fill in the form again; it only takes a minute.</p>
              <LinkButton to="/signup">Back to page details</LinkButton>
            </div>
          ) : signedIn && alreadyCreated && form ? (
            <div role="status" className="flex flex-col items-start gap-4">
              <h2 className="text-lg font-bold text-brand-950">Your page is set up</h2>
              <p className="text-neutral-700">
                Your page is at /{form.url_slug}. You can change its story and challenges on the page itself.
              </p>
              <div className="flex flex-wrap gap-3">
                <LinkButton to="/payment">Continue to your free trial</LinkButton>
                <LinkButton to={`/${form.url_slug}`} variant="outline">
                  View your page
                </LinkButton>
              </div>
            </div>
          ) : signedIn ? (
            <ProfileCreationStatus
              status={createProfile.status}
              slugTaken={createProfile.error instanceof ApiRequestError && createProfile.error.status === 409}
              onRetry={() => form && user && create(form, user.id)}
            />
          ) : loading ? (
            <p role="status" className="flex items-center justify-center gap-3 py-10 text-muted-foreground">
              <Spinner /> Checking your session…
            </p>
          ) : (
            <AuthForm
              formName="create_account"
              mode={mode}
              onModeChange={setMode}
              accountCreatedDescription="Your account has been created successfully. Redirecting to payment..."
            />
          )}
        </Card>
        {form && <SavedPageSummary form={form} />}
      </div>
    </div>
  );
}

function ProfileCreationStatus({
  status,
  slugTaken,
  onRetry,
}: {
  status: 'idle' | 'pending' | 'success' | 'error';
  slugTaken: boolean;
  onRetry: () => void;
}) {
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-start gap-4">
        <h2 className="text-lg font-bold text-danger-800">Profile Creation Failed</h2>
        <p className="text-neutral-700">
          {slugTaken ? SLUG_TAKEN_MESSAGE : 'There was an error creating your profile. Please try again.'}
        </p>
        <div className="flex flex-wrap gap-3">
          {!slugTaken && <Button onClick={onRetry}>Try again</Button>}
          <LinkButton to="/signup" variant="outline">
            Edit page details
          </LinkButton>
        </div>
      </div>
    );
  }
  return (
    <p role="status" className="flex flex-col items-center gap-3 py-10 text-center">
      {status === 'success' ? (
        <>
          <span className="text-lg font-bold text-success-700">Your page is ready!</span>
          <span className="text-muted-foreground">Taking you to your free trial…</span>
        </>
      ) : (
        <>
          <Spinner className="size-6 text-brand-700" />
          <span className="text-muted-foreground">Creating your page…</span>
        </>
      )}
    </p>
  );
}
