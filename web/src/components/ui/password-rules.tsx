import { FIELD_LIMITS, newPasswordSchema } from '@runpledge/contracts';
import { cn } from '@/lib/cn';

// Each rule is matched to the shared schema's message, so the list can never disagree with the server.
const RULES = [
  {
    label: `At least ${FIELD_LIMITS.passwordMinLength} characters`,
    message: 'Password must be at least 8 characters long',
  },
  { label: 'A lowercase letter', message: 'Password must contain at least one lowercase letter' },
  { label: 'An uppercase letter', message: 'Password must contain at least one uppercase letter' },
  { label: 'A number', message: 'Password must contain at least one number' },
] as const;

/** The sign-up password rules of spec 5, ticked off as the password is typed. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const result = newPasswordSchema.safeParse(password);
  const failing = new Set(result.success ? [] : result.error.issues.map((issue) => issue.message));
  return (
    <ul id={id} aria-label="Password requirements" className="grid gap-1 text-sm sm:grid-cols-2">
      {RULES.map((rule) => {
        const met = password !== '' && !failing.has(rule.message);
        return (
          <li
            key={rule.label}
            className={cn('flex items-center gap-2', met ? 'text-success-700' : 'text-muted-foreground')}
          >
            <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 shrink-0">
              {met ? (
                <path
                  d="M3.5 8.5l3 3 6-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              ) : (
                <circle cx="8" cy="8" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              )}
            </svg>
            {rule.label}
            <span className="sr-only">{met ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
