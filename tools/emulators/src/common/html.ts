import { createHash } from 'node:crypto';

export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The CSP source expression allowing exactly this inline style block. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

export interface PageOptions {
  title: string;
  css: string;
  body: string;
  /** Origins forms may submit (and be redirected) to, besides the page's own. */
  formTargets?: Array<string | undefined>;
}

/**
 * A complete HTML page with no scripts and no external assets, and the strict Content-Security-Policy
 * that proves it: only its own inline style (by hash) and plain forms.
 */
export function renderPage(options: PageOptions): { html: string; headers: Record<string, string> } {
  const targets = [...new Set(options.formTargets?.filter((t): t is string => Boolean(t)) ?? [])];
  const csp = [
    "default-src 'none'",
    `style-src ${styleHash(options.css)}`,
    "img-src 'self' data:",
    `form-action 'self'${targets.map((t) => ` ${t}`).join('')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${options.css}</style>
</head>
<body>
${options.body}
</body>
</html>
`;
  return {
    html: page,
    headers: {
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
  };
}

/** Shared look of the emulators' pages: plain, readable, works at 360 px. */
export const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:440px;margin:48px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(26,31,54,.08);padding:28px}
h1{font-size:1.35rem;margin:0 0 4px}
.muted{color:#697386;font-size:.9rem}
.price{font-size:2rem;font-weight:700;margin:16px 0 0}
.row{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #e3e8ee}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:24px}
button,.button{display:block;width:100%;padding:12px 16px;border-radius:8px;border:1px solid transparent;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.primary{background:#635bff;color:#fff}
.secondary{background:#fff;color:#1a1f36;border-color:#c1c9d2}
.danger{background:#fff;color:#c0123c;border-color:#f1b6c3}
input[type=text]{width:100%;padding:10px 12px;border:1px solid #c1c9d2;border-radius:8px;font:inherit}
.inline{display:flex;gap:8px;margin-top:16px}
.inline button{width:auto}
.notice{background:#fff8e6;border:1px solid #f5d48f;border-radius:8px;padding:10px 12px;margin-top:16px}
.error{background:#fff0f3;border:1px solid #f1b6c3;border-radius:8px;padding:10px 12px;margin-top:16px;color:#c0123c}
.badge{display:inline-block;background:#e6f7ee;color:#0e6245;border-radius:6px;padding:2px 8px;font-size:.85rem;font-weight:600}
label{display:flex;gap:8px;align-items:flex-start;margin:8px 0}
footer{margin-top:16px;text-align:center;color:#8792a2;font-size:.8rem}
`;
