import { signInRequestSchema, signUpRequestSchema } from '@runpledge/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { EmailInput } from '@/components/ui/email-input';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordRules } from '@/components/ui/password-rules';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useFormAnalytics } from '@/hooks/use-form-analytics';
import { trackFunnelStep, type FormName } from '@/lib/analytics';
import { useAuth } from '@/lib/auth';
import { describeAuthError, type AuthMode } from '../utils/auth-errors';

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** The 'Account Created!' toast's text, which says where the user goes next. */
  accountCreatedDescription: string;
  formName: Extract<FormName, 'login' | 'create_account'>;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * E-mail and password, for sign-in or sign-up (spec 5 rules, spec 8 toasts), with a toggle between
 * the two. Success shows up as the signed-in user of `useAuth`, which the page reacts to.
 */
export function AuthForm({ mode, onModeChange, accountCreatedDescription, formName }: AuthFormProps) {
  const { signIn, signUp } = useAuth();
  const { toast } = useToast();
  const analytics = useFormAnalytics(formName);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const rulesId = useId();
  const isSignUp = mode === 'signup';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schema = isSignUp ? signUpRequestSchema : signInRequestSchema;
    const parsed = schema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const firstField = next.email ? 'email' : 'password';
      analytics.error(next[firstField]!, firstField);
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstField}"]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (isSignUp) await signUp(parsed.data.email, parsed.data.password);
      else await signIn(parsed.data.email, parsed.data.password);
    } catch (error) {
      const notice = describeAuthError(error, mode);
      toast({ title: notice.title, description: notice.description, variant: 'destructive' });
      analytics.error(notice.description);
      if (notice.switchToSignIn) onModeChange('signin');
      setSubmitting(false);
      return;
    }
    analytics.complete();
    if (isSignUp) trackFunnelStep('account_created');
    toast(
      isSignUp
        ? { title: 'Account Created!', description: accountCreatedDescription, variant: 'success' }
        : { title: 'Welcome back!', description: "You've been signed in successfully.", variant: 'success' },
    );
  };

  const switchMode = () => {
    setErrors({});
    onModeChange(isSignUp ? 'signin' : 'signup');
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      {...analytics.formProps}
      className="flex flex-col gap-5"
      aria-label={isSignUp ? 'Create account' : 'Sign in'}
    >
      <FormField label="Email" error={errors.email}>
        {(control) => (
          <EmailInput
            {...control}
            name="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password}>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={
                [control['aria-describedby'], isSignUp ? rulesId : undefined].filter(Boolean).join(' ') || undefined
              }
              name="password"
              autoComplete={isSignUp ? 'new-password' : 'current-password'}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
            />
            {isSignUp && <PasswordRules id={rulesId} password={password} />}
            {!isSignUp && (
              <Link
                to="/forgot-password"
                className="self-end rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                Forgot your password?
              </Link>
            )}
          </>
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        {submitting && <Spinner />}
        {isSignUp ? 'Create Account' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {isSignUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {isSignUp ? 'Sign in' : 'Sign up'}
        </button>
      </p>
    </form>
  );
}
