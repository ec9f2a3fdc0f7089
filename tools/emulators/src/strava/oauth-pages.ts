/** Strava's authorization page: plain forms and links, no scripts, a strict CSP. */
import { BASE_CSS, escapeHtml, renderPage } from '../common/html.js';
import { originOf } from '../common/http.js';

export interface AuthorizePageView {
  clientId: string;
  redirectUri: string;
  state: string | null;
  requestedScopes: string[];
  athletes: Array<{ id: number; name: string }>;
  selectedAthleteId: number | undefined;
}

const SCOPE_LABELS: Record<string, string> = {
  read: 'View data about your public segments, routes and profile (required)',
  read_all: 'View data about your private routes, segments and events',
  'profile:read_all': 'View your complete Strava profile',
  'profile:write': 'Update your weight and FTP, and star or unstar segments',
  'activity:read': 'View data about your activities',
  'activity:read_all': 'View data about your private activities',
  'activity:write': 'Upload activities and edit them',
};

/** Where "Cancel" goes: the app's callback with `error=access_denied`, as Strava does. */
export function deniedRedirect(redirectUri: string, state: string | null): string {
  const url = new URL(redirectUri);
  if (state !== null) url.searchParams.set('state', state);
  url.searchParams.set('error', 'access_denied');
  return url.toString();
}

/** Where "Authorize" goes: `?state=…&code=…&scope=read,activity:read_all`. */
export function approvedRedirect(redirectUri: string, state: string | null, code: string, scope: string[]): string {
  const url = new URL(redirectUri);
  if (state !== null) url.searchParams.set('state', state);
  url.searchParams.set('code', code);
  url.searchParams.set('scope', scope.join(','));
  return url.toString();
}

const STRAVA_CSS = `${BASE_CSS}
.primary{background:#fc4c02}
select{width:100%;padding:10px 12px;border:1px solid #c1c9d2;border-radius:8px;font:inherit;background:#fff}
fieldset{border:0;padding:0;margin:16px 0}
legend{font-weight:600;margin-bottom:4px}
`;

export function renderAuthorizePage(view: AuthorizePageView): { html: string; headers: Record<string, string> } {
  const scopes = view.requestedScopes.filter((s) => s !== 'read');
  const athleteOptions = view.athletes
    .map(
      (a) =>
        `<option value="${a.id}"${a.id === view.selectedAthleteId ? ' selected' : ''}>${escapeHtml(a.name)} (athlete ${a.id})</option>`,
    )
    .join('');
  const body = `<main><div class="card">
<p class="muted">Strava · emulator</p>
<h1>Authorize application</h1>
<p><strong>${escapeHtml(view.clientId)}</strong> would like to connect to your Strava account.</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="client_id" value="${escapeHtml(view.clientId)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(view.redirectUri)}">
${view.state !== null ? `<input type="hidden" name="state" value="${escapeHtml(view.state)}">` : ''}
<input type="hidden" name="requested_scope" value="${escapeHtml(view.requestedScopes.join(','))}">
<label for="athlete_id">Signed in as</label>
<select id="athlete_id" name="athlete_id">${athleteOptions}<option value="new">A new athlete (with 30 activities)</option></select>
<fieldset><legend>Access requested</legend>
<label><input type="checkbox" checked disabled> ${escapeHtml(SCOPE_LABELS.read!)}</label>
${scopes
  .map(
    (scope) =>
      `<label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</label>`,
  )
  .join('\n')}
</fieldset>
<div class="actions">
<button type="submit" class="primary">Authorize</button>
<a class="button secondary" href="${escapeHtml(deniedRedirect(view.redirectUri, view.state))}">Cancel</a>
</div>
</form>
</div><footer>Strava emulator · no data leaves this machine</footer></main>`;
  return renderPage({ title: 'Authorize | Strava', css: STRAVA_CSS, body, formTargets: [originOf(view.redirectUri)] });
}
