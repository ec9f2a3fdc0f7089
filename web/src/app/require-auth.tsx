import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { loginPathFor } from '@/lib/safe-redirect';
import { PageLoader } from './page-loader';

/** Layout route for pages that need sign-in: a signed-out visitor goes to /login and comes back after. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const { pathname, search } = useLocation();
  if (loading) return <PageLoader />;
  if (!user) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return <Outlet />;
}
