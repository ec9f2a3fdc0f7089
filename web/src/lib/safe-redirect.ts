const BASE = 'https://runpledge.invalid';

/**
 * The `redirect` query value as a same-site path ("/dashboard?tab=1"), or null when it could lead
 * anywhere else: absolute URLs, protocol-relative "//host", backslash tricks ("/\\host", which
 * browsers read as "//host"), control characters, or anything not starting with a single "/".
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers treat "\" like "/" and drop tabs and newlines inside URLs, so "/\evil.com" or
  // "/\t/evil.com" would become "//evil.com"; no real path of ours contains them.
  if ([...raw].some((char) => char === '\\' || char <= '\u001f' || char === '\u007f')) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return url.pathname + url.search + url.hash;
}

/** "/login?redirect=/dashboard": the sign-in page that comes back to `path` afterwards. */
export function loginPathFor(path: string): string {
  // "/" may stand unescaped in a query value, which keeps the address readable.
  return `/login?redirect=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}
