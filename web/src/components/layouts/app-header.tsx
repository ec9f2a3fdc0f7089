import { Link, NavLink } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { AccountMenu } from './account-menu';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-semibold hover:bg-brand-50',
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-neutral-700',
  );

/** The bar of every inner page: the logo home, then Home and Dashboard and the account menu when signed in. */
export function AppHeader() {
  // The saved user shows at once; useAuth drops it if the server says the session ended.
  const { user } = useAuth();
  return (
    <header className="border-b border-border bg-white">
      <Container className="flex h-16 items-center justify-between gap-3">
        <Link to="/" className="rounded-md" aria-label="RunPledge home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {user ? (
            <>
              <NavLink to="/" end className={cn(navLink({ isActive: false }), 'hidden sm:inline-flex')}>
                Home
              </NavLink>
              <NavLink to="/dashboard" className={navLink}>
                Dashboard
              </NavLink>
              <AccountMenu email={user.email} />
            </>
          ) : (
            <Link to="/login" className={buttonStyles({ variant: 'outline', size: 'sm' })}>
              Sign in
            </Link>
          )}
        </nav>
      </Container>
    </header>
  );
}
