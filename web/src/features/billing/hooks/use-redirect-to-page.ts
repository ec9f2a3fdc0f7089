import { BUSINESS } from '@runpledge/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getProfileSlug } from '../api/get-profile-slug';

/**
 * Spec 4: after payment, the runner's page 2 s later: the slug saved at sign-up, else the
 * profile-slug call, else the home page when that fails.
 */
export function useRedirectToPage(): (userId: string | null, savedSlug: string | null) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (userId, savedSlug) => {
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
        void target.then((path) => navigate(path));
      }, BUSINESS.redirectAfterPaymentMs);
    },
    [navigate],
  );
}
