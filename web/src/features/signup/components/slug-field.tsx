import { FIELD_LIMITS, normalizeSlug } from '@runpledge/contracts';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { SlugCheck } from '../hooks/use-slug-check';

interface SlugFieldProps {
  value: string;
  onChange: (slug: string) => void;
  /** Shown under the input as it changes; without one, only `error`. */
  check?: SlugCheck;
  /** The problem found on submit (or the caller's own live one), which takes the place of the live status. */
  error?: string;
  host?: string;
  /** A runner page's address unless told: a team's is `Team address` under `teams/`. */
  label?: string;
  path?: string;
  what?: string;
  placeholder?: string;
  name?: string;
}

/** An address on this site: its host shown before the input, forced to the allowed characters as typed (spec 5). */
export function SlugField({
  value,
  onChange,
  check,
  error,
  host = window.location.host,
  label = 'Page address',
  path = '',
  what = 'page',
  placeholder = 'your-name',
  name = 'url_slug',
}: SlugFieldProps) {
  const liveProblem = check?.status === 'invalid' || check?.status === 'taken' ? check.message : undefined;
  return (
    <FormField
      label={label}
      error={error ?? liveProblem}
      hint={
        <>
          Your {what} will be at{' '}
          <span className="font-medium break-all text-neutral-800">
            {host}/{path}
            {value || placeholder}
          </span>
          . Lowercase letters, numbers and hyphens only.
        </>
      }
    >
      {(control) => (
        <>
          <div
            className={cn(
              'flex h-11 w-full items-stretch overflow-hidden rounded-md border border-neutral-300 bg-white shadow-xs transition-[box-shadow,border-color] focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/40 motion-reduce:transition-none',
              control['aria-invalid'] && 'border-danger-700 focus-within:ring-danger-700/20',
            )}
          >
            <span
              aria-hidden="true"
              title={`${host}/${path}`}
              className="flex max-w-[55%] shrink-0 items-center truncate border-r border-neutral-200 bg-neutral-50 px-3 text-sm text-muted-foreground"
            >
              <span className="truncate">
                {host}/{path}
              </span>
            </span>
            <input
              {...control}
              name={name}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              maxLength={FIELD_LIMITS.urlSlug}
              placeholder={placeholder}
              value={value}
              onChange={(event) => onChange(normalizeSlug(event.target.value))}
              className="min-w-0 flex-1 bg-transparent px-3 text-base text-foreground placeholder:text-neutral-500 focus-visible:outline-none"
            />
          </div>
          {check && <SlugStatus check={check} hidden={Boolean(error ?? liveProblem)} />}
        </>
      )}
    </FormField>
  );
}

function SlugStatus({ check, hidden }: { check: SlugCheck; hidden: boolean }) {
  let content = null;
  if (!hidden && check.status === 'checking') {
    content = (
      <span className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-3.5" /> Checking availability…
      </span>
    );
  } else if (!hidden && check.status === 'available') {
    content = (
      <span className="flex items-center gap-1.5 font-medium text-success-700">
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
          <path
            d="M3.5 8.5l3 3 6-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        This address is available.
      </span>
    );
  }
  // Always present so screen readers hear the result when it changes.
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm">
      {content}
    </p>
  );
}
