import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast-context';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

const itemStyles =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-neutral-800 hover:bg-brand-50 focus-visible:bg-brand-50';

/**
 * The signed-in runner's menu (disclosure pattern: a button that shows a list of links): settings,
 * billing and sign out. Escape or a click elsewhere closes it.
 */
export function AccountMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const leave = async () => {
    setOpen(false);
    // Leave the page first: on a signed-in page its guard would otherwise send this tab to /login.
    await navigate('/', { replace: true });
    try {
      await signOut();
    } catch {
      // Signed out on this device anyway (useAuth forgets the user either way).
    }
    toast({ title: 'Signed out', description: 'See you soon!', variant: 'success' });
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex h-10 items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <span
          aria-hidden="true"
          className="grid size-6 place-items-center rounded-full bg-brand-700 text-xs text-white"
        >
          {email.slice(0, 1).toUpperCase()}
        </span>
        Account
        <svg
          viewBox="0 0 16 16"
          aria-hidden="true"
          className={cn('size-3.5 transition-transform', open && 'rotate-180')}
        >
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-60 rounded-xl border border-border bg-white p-2 shadow-card"
      >
        <p className="truncate px-3 pt-1 pb-2 text-xs text-muted-foreground" title={email}>
          Signed in as <span className="font-semibold text-neutral-800">{email}</span>
        </p>
        <ul className="grid gap-0.5">
          <li>
            <Link to="/settings" className={itemStyles} onClick={() => setOpen(false)}>
              Settings
            </Link>
          </li>
          <li>
            <Link to="/settings#billing" className={itemStyles} onClick={() => setOpen(false)}>
              Billing
            </Link>
          </li>
          <li>
            <button type="button" className={itemStyles} onClick={() => void leave()}>
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
