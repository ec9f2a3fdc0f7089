import { LinkButton, type LinkButtonProps } from '@/components/ui/link-button';
import { trackFunnelStep } from '@/lib/analytics';

/** A landing call to action to /signup; each click is the funnel's first step. */
export function SignupCta({ onClick, ...props }: Omit<LinkButtonProps, 'to'>) {
  return (
    <LinkButton
      to="/signup"
      onClick={(event) => {
        trackFunnelStep('landing_cta_clicked');
        onClick?.(event);
      }}
      {...props}
    />
  );
}
