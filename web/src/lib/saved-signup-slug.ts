import { loadSignupForm } from './signup-form-storage';

/** The slug the runner chose on /signup, while the saved form data has not expired. */
export function savedSignupSlug(now = Date.now()): string | null {
  const saved = loadSignupForm(now) as { url_slug?: unknown } | undefined;
  return typeof saved?.url_slug === 'string' && saved.url_slug ? saved.url_slug : null;
}
