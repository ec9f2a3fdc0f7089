import { env } from '@/config/env';

/**
 * Analytics for the whole app, in one place. Every event goes to `window.dataLayer` as
 * `{ event: name, ...payload }`, the queue Google Analytics and Tag Manager read; pushing to it
 * sends nothing by itself, so with no tag configured nothing leaves the browser.
 *
 * Google Analytics 4: with VITE_GA_MEASUREMENT_ID set at build time, `initAnalytics` queues gtag's
 * `js` and `config` commands and loads gtag.js, which then sends what the dataLayer holds. The
 * gateway's CSP admits Google's hosts only when it runs with the same id in GA_MEASUREMENT_ID.
 * A Tag Manager container can instead read the same dataLayer events. Every event and its payload:
 * docs/analytics.md.
 */

/** The forms whose funnel we measure. */
export type FormName =
  | 'signup'
  | 'create_account'
  | 'login'
  | 'payment'
  | 'challenge'
  | 'challenge_claim'
  | 'story'
  | 'encouragement'
  | 'strava_setup'
  | 'pledge';

/**
 * Steps of the conversion funnel, in order: landing CTA to a live page. `page_live` is reached by
 * a started free trial (back from Checkout) or by a lifetime code (no Checkout at all).
 */
export const FUNNEL_STEPS = [
  'landing_cta_clicked',
  'signup_details_completed',
  'account_created',
  'profile_created',
  'checkout_started',
  'page_live',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Event names and their payloads. Amounts are in US dollars. */
export interface AnalyticsEvents {
  /** First interaction with a form. */
  form_start: { form_name: FormName };
  /** A field or section of a form was completed. */
  form_progress: { form_name: FormName; field: string; step?: number };
  /** A form was submitted and accepted. */
  form_complete: { form_name: FormName };
  /** A submit was refused; `error_message` is the message the user saw. */
  form_error: { form_name: FormName; field?: string; error_message: string };
  /** The user left a started form without completing it. */
  form_abandon: { form_name: FormName; last_field?: string };
  /** One step of the conversion funnel was reached. */
  funnel_step: { step: FunnelStep; step_number: number };
  /** Start Free Trial pressed and a checkout requested. */
  begin_checkout: { value: number; currency: 'USD'; discount_code?: string };
  /** Back from a successful checkout, or lifetime access granted by a code. */
  purchase: { value: number; currency: 'USD'; transaction_id?: string; lifetime_access?: boolean };
  /** A discount code was accepted at payment. */
  discount_code_applied: { discount_code: string; lifetime_access: boolean };
}

export type AnalyticsEventName = keyof AnalyticsEvents;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

// Values that must never reach an analytics tool: confirmation tokens, team invite codes (a link
// with one lets anyone join the team), OAuth codes, Strava tokens.
const SECRET_QUERY_PARAMS = ['token', 'invite', 'code', 'state', 'strava_access_token', 'strava_refresh_token'];

function push(entry: object): void {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/** Queues the GA configuration and loads gtag.js when a measurement id is set (see the module comment). */
export function initAnalytics(measurementId = env.gaMeasurementId): void {
  if (!measurementId) return;
  if (!document.querySelector(`script[src^="${GTAG_SCRIPT_URL}"]`)) {
    const script = document.createElement('script');
    script.async = true;
    script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
    document.head.append(script);
  }
  // gtag reads commands as `arguments` objects, not arrays.
  const gtag: (...args: unknown[]) => void = function () {
    // eslint-disable-next-line prefer-rest-params
    push(arguments);
  };
  gtag('js', new Date());
  // Page views are sent by trackPageView on every route change, not by gtag on load.
  gtag('config', measurementId, { send_page_view: false });
}

/** Records a page view now, with the current title; `path` is pathname plus search, secrets removed. */
export function trackPageView(path: string): void {
  push({ event: 'page_view', page_path: redactPath(path), page_title: document.title });
}

/** How long a page view waits for a loading page's real title before it is sent with the one shown. */
export const PAGE_TITLE_WAIT_MS = 5_000;
let loadingTitles = 0;
let pendingPageView: string | null = null;
let pendingTimer: ReturnType<typeof setTimeout> | undefined;

function sendPendingPageView(): void {
  clearTimeout(pendingTimer);
  if (pendingPageView === null) return;
  const path = pendingPageView;
  pendingPageView = null;
  trackPageView(path);
}

/**
 * Records a page view once the page has its own title: while a page shows a placeholder title
 * (a runner page before its data, see `holdPageTitle`), the view waits for the real one (the
 * runner's name, not the address), at most PAGE_TITLE_WAIT_MS. A view still waiting when the
 * next page comes is sent first.
 */
export function trackPageViewWhenTitled(path: string): void {
  sendPendingPageView();
  pendingPageView = path;
  if (loadingTitles === 0) return sendPendingPageView();
  pendingTimer = setTimeout(sendPendingPageView, PAGE_TITLE_WAIT_MS);
}

/**
 * Marks the document title as a placeholder until the returned release is called. Call it in a
 * layout effect (they run before the page view tracker's effect). A release is checked a microtask
 * later, so React's StrictMode unmount-and-mount does not send the view early.
 */
export function holdPageTitle(): () => void {
  loadingTitles += 1;
  return () => {
    loadingTitles -= 1;
    queueMicrotask(() => {
      if (loadingTitles === 0) sendPendingPageView();
    });
  };
}

export function trackEvent<K extends AnalyticsEventName>(name: K, payload: AnalyticsEvents[K]): void {
  push({ event: name, ...payload });
}

/** Records a funnel step with its position in `FUNNEL_STEPS` (1-based). */
export function trackFunnelStep(step: FunnelStep): void {
  trackEvent('funnel_step', { step, step_number: FUNNEL_STEPS.indexOf(step) + 1 });
}

export function redactPath(path: string): string {
  const url = new URL(path, 'http://localhost');
  const secrets = SECRET_QUERY_PARAMS.filter((param) => url.searchParams.has(param));
  if (secrets.length === 0) return path;
  for (const param of secrets) url.searchParams.delete(param);
  return url.pathname + url.search;
}
