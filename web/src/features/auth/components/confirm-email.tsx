import { INVALID_LINK_MESSAGE, verifyEmailRequestSchema } from '@runpledge/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useCreateRunnerProfile } from '@/features/signup';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { clearSignupForm, isProfileCreated, isValidSignupFormData, loadSignupForm } from '@/lib/signup-form-storage';
import { useVerifyEmail } from '../api/verify-email';

/**
 * Spec 4, e-mail confirmation: verifies the link's token and type; then, when this tab still holds
 * /signup data whose page was not created yet, creates the page from it (and removes the data)
 * before going on to /payment.
 */
export function ConfirmEmail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user, loading, updateUser } = useAuth();
  const verify = useVerifyEmail();
  const createProfile = useCreateRunnerProfile();
  const started = useRef(false);

  useEffect(() => {
    // The page can only be created for a known user, so wait until the session is confirmed.
    if (loading || started.current) return;
    started.current = true;

    const invalidLink = () => {
      toast({ title: 'Invalid Link', description: INVALID_LINK_MESSAGE, variant: 'destructive' });
      void navigate('/signup', { replace: true });
    };
    const request = verifyEmailRequestSchema.safeParse({ token: params.get('token'), type: params.get('type') });
    if (!request.success) {
      invalidLink();
      return;
    }

    const verified = () => {
      toast({ title: 'Email Verified!', description: 'Your email address has been confirmed.', variant: 'success' });
      void navigate('/payment', { replace: true });
    };

    if (request.data.type === 'email_change') {
      verify.mutate(request.data, {
        onSuccess: ({ user: changed }) => {
          if (user?.id === changed.id) updateUser(changed);
          toast({ title: 'Email Changed!', description: `Your e-mail is now ${changed.email}.`, variant: 'success' });
          void navigate(user ? '/settings' : '/login', { replace: true });
        },
        onError: (error) => {
          toast({
            title: 'Invalid Link',
            description:
              error instanceof ApiRequestError && typeof error.body?.message === 'string'
                ? error.body.message
                : INVALID_LINK_MESSAGE,
            variant: 'destructive',
          });
          void navigate(user ? '/settings' : '/login', { replace: true });
        },
      });
      return;
    }

    verify.mutate(request.data, {
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 400) return invalidLink();
        toast({
          title: 'Confirmation Failed',
          description: 'We could not confirm your email address. Please try again.',
          variant: 'destructive',
        });
        void navigate('/signup', { replace: true });
      },
      onSuccess: () => {
        const saved = loadSignupForm();
        if (saved === undefined) return verified();
        if (!isValidSignupFormData(saved)) {
          console.error('Invalid form data');
          return verified();
        }
        if (isProfileCreated(saved.url_slug)) return verified();
        if (!user) {
          // Signed out in this tab: /createaccount signs them in and creates the page from the saved data.
          toast({ title: 'Email Verified!', description: 'Sign in to finish creating your page.', variant: 'success' });
          void navigate('/createaccount', { replace: true });
          return;
        }
        createProfile.mutate(
          { form: saved, userId: user.id },
          {
            onSuccess: () => {
              clearSignupForm();
              verified();
            },
            onError: () => {
              toast({
                title: 'Profile Creation Failed',
                description: 'There was an error creating your profile. Please try again.',
                variant: 'destructive',
              });
              void navigate('/createaccount', { replace: true });
            },
          },
        );
      },
    });
  }, [loading, user, params, toast, navigate, verify, createProfile, updateUser]);

  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <Spinner className="size-8 text-brand-700" />
      <h1 className="text-2xl font-bold tracking-tight text-brand-950">Confirming your e-mail</h1>
      <p role="status" className="text-muted-foreground">
        {createProfile.isPending ? 'Creating your page…' : 'This only takes a moment.'}
      </p>
    </Card>
  );
}
