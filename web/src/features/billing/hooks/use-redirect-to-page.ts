import { BUSINESS } from '@runpledge/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { savedSignupSlug } from '@/lib/saved-signup-slug';
import { clearSignupForm } from '@/lib/signup-form-storage';
import { getProfileSlug } from '../api/get-profile-slug';

/**
 * Spec 4: after payment, the runner's page 2 s later: the slug saved at sign-up, else the
 * profile-slug call, else the home page when that fails. The saved sign-up data is done with then.
 */
export function useRedirectToPage(): (userId: string | null) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (userId) => {
      // Read before the saved data is cleared.
      const savedSlug = savedSignupSlug();
      clearSignupForm();
      const target: Promise<string> = savedSlug
        ? Promise.resolve(`/${savedSlug}`)
        : userId
          ? getProfileSlug(userId).then(
              (slug) => `/${slug}`,
              () => '/',
            )
          : Promise.resolve('/');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        // Replaces the screen it leaves (the success screen): Back never shows it again.
        void target.then((path) => navigate(path, { replace: true }));
      }, BUSINESS.redirectAfterPaymentMs);
    },
    [navigate],
  );
}
