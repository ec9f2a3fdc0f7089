import { cn } from '@/lib/cn';

/** Strava's brand rules: its data carries 'Powered by Strava' wherever it appears. */
export function PoweredByStrava({ className }: { className?: string }) {
  return (
    <p className={cn('text-xs font-semibold tracking-wide text-[#c2410c] uppercase', className)}>Powered by Strava</p>
  );
}

/** 'View on Strava' for one Strava activity (opens Strava in a new tab). */
export function ViewOnStravaLink({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('text-sm font-semibold text-[#c2410c] underline-offset-2 hover:underline', className)}
    >
      View on Strava
    </a>
  );
}
