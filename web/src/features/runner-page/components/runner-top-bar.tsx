import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { Logo } from '@/components/ui/logo';
import { useAuth } from '@/lib/auth';
import { loginPathFor } from '@/lib/safe-redirect';

/**
 * Logo, and either 'Sign in to edit' or a welcome with Sign out. Owner controls below follow
 * the page's `isOwner`, which the page reloads to when the session changes. A page nobody edits
 * (the sample) offers no 'Sign in to edit'.
 */
export function RunnerTopBar({ slug, editable = true }: { slug: string; editable?: boolean }) {
  const { user, loading, signOut } = useAuth();

  // The provider signs out on this device even if the server call fails, and logs the failure.
  const handleSignOut = () => signOut().catch(() => {});

  return (
    <header className="border-b border-border bg-white">
      <Container className="flex h-16 items-center justify-between gap-3">
        <Link to="/" className="shrink-0 rounded-md" aria-label="RunPledge home">
          <Logo />
        </Link>
        {!loading && (user || editable) && (
          <nav aria-label="Account" className="flex min-w-0 items-center gap-2">
            {user ? (
              <>
                <p className="hidden min-w-0 truncate text-sm text-muted-foreground sm:block">
                  Welcome, <span className="font-semibold text-foreground">{user.email}</span>
                </p>
                <p className="text-sm font-semibold text-foreground sm:hidden">Welcome</p>
                <Button variant="outline" size="sm" onClick={handleSignOut}>
                  Sign out
                </Button>
              </>
            ) : (
              <LinkButton to={loginPathFor(`/${slug}`)} variant="ghost" size="sm">
                Sign in to edit
              </LinkButton>
            )}
          </nav>
        )}
      </Container>
    </header>
  );
}
