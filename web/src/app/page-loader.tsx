import { LogoMark } from '@/components/ui/logo';

/** Shown while the first page's code loads; index.html shows the same before the app starts. */
export function PageLoader() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-6">
      <LogoMark className="size-12" />
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
