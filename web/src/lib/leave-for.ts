/** Leaves the app for a Stripe page (Checkout, customer portal); one place, so tests can stand in for it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
