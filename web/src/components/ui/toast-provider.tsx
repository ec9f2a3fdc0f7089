import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ToastContext, type ToastAction, type ToastOptions, type ToastVariant } from './toast-context';

interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
}

const DEFAULT_DURATION_MS = 5000;

const variantStyles: Record<ToastVariant, string> = {
  default: 'border-border bg-white',
  success: 'border-success-700/30 bg-success-50',
  destructive: 'border-danger-700/30 bg-danger-50',
};

/** Holds the app's notifications and shows them in one live region at the bottom of the screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const toast = useCallback(
    ({ variant = 'default', durationMs = DEFAULT_DURATION_MS, ...options }: ToastOptions) => {
      const id = ++nextId.current;
      setToasts((current) => [...current, { id, variant, ...options }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ toast }), [toast]);

  return (
    <ToastContext value={api}>
      {children}
      <div
        aria-live="polite"
        aria-label="Notifications"
        role="region"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((item) => (
          <div
            key={item.id}
            role={item.variant === 'destructive' ? 'alert' : undefined}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-card motion-safe:animate-toast-in',
              variantStyles[item.variant],
            )}
          >
            <div className="min-w-0 flex-1">
              <p
                className={cn('font-semibold', item.variant === 'destructive' ? 'text-danger-800' : 'text-foreground')}
              >
                {item.title}
              </p>
              {item.description && <p className="mt-1 text-sm text-neutral-700">{item.description}</p>}
              {item.action && (
                // A full page load: the notice may come before the router (the Strava return).
                <a
                  href={item.action.href}
                  className="mt-2 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
                >
                  {item.action.label}
                </a>
              )}
            </div>
            <button
              type="button"
              onClick={() => dismiss(item.id)}
              aria-label="Dismiss notification"
              className="-m-1 rounded-sm p-1 text-neutral-600 hover:text-neutral-900"
            >
              <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
